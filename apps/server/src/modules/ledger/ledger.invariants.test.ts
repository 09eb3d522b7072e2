import { creditLimitExceededMessage } from '@portal/contract/credit';
import type { AccountReportResponse, AgentsBalanceResponse, LedgerRow } from '@portal/contract/ledger';
import type { AllPendingPaymentsResponse } from '@portal/contract/payments';
import { and, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { bookings, type BookingRow } from '../bookings/bookings.table.js';
import { daysFromToday, insertTestBooking, insertTestGroup, insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { payments, type PaymentRow } from '../payments/payments.table.js';
import { users, type UserRow } from '../users/users.table.js';

/**
 * Property-style test of PRODUCT §4 "Payments and ledger" (issue 5): random sequences of bookings, confirmations
 * with discounts and payments, payments added, edited and deleted, cancellations and re-confirmations, for several
 * agents and walk-in sales; afterwards every invariant holds. PRODUCT §6 (decision 032): cancellations carry random
 * cancellation charges, two agents have credit limits, and confirmations sometimes send `override`: each confirmation
 * of a limited agent is predicted from the model (409 with the quoted message, or 200) and the agent rows' available
 * credit must equal limit - balance - live holds. Each sequence comes from a fixed seed, so a failure
 * names the seed that reproduces it.
 */

const SEEDS = [11, 2024, 777];
const STEPS = 45;

/** mulberry32: a small deterministic PRNG. */
function prng(seed: number) {
  let state = seed >>> 0;
  const next = () => {
    state = (state + 0x6d2b79f5) >>> 0;
    let value = state;
    value = Math.imul(value ^ (value >>> 15), value | 1);
    value ^= value + Math.imul(value ^ (value >>> 7), value | 61);
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
  const int = (min: number, max: number) => min + Math.floor(next() * (max - min + 1));
  const pick = <T>(items: readonly T[]): T => items[int(0, items.length - 1)]!;
  return { next, int, pick };
}

type Agent = { user: UserRow; token: string };

let t: TestApp;
let admin: Agent;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Ledger Admin' });
});
afterAll(() => t.close());

async function post(url: string, payload: Record<string, unknown>, token = admin.token) {
  return t.app.inject({ method: 'POST', url: `/api${url}`, payload, headers: bearer(token) });
}

async function expectOk(response: { statusCode: number; body: string }, what: string) {
  expect(response.statusCode, `${what}: ${response.body}`).toBe(200);
}

async function bookingsOf(groupIds: number[]): Promise<BookingRow[]> {
  const rows = await t.db.select().from(bookings);
  return rows.filter((row) => groupIds.includes(row.groupId));
}

async function livePayments(bookingId: number): Promise<PaymentRow[]> {
  return t.db
    .select()
    .from(payments)
    .where(and(eq(payments.bookingId, bookingId), isNull(payments.deletedAt)));
}

const signed = (row: LedgerRow) => (row.type === 'out' ? row.receive_amount : -row.receive_amount);

async function accountReport(agent: Agent, range?: { from: string; to: string }) {
  const response = await post('/account-api', range ? { type: 'date', ...range } : { type: 'all' }, agent.token);
  await expectOk(response, 'account-api');
  return (response.json() as AccountReportResponse).data;
}

/** What an agent owes by the model: charged bookings at their final total, cancelled ones their charge, less live payments. */
async function owedBy(agentUserId: number, rows: BookingRow[]): Promise<number> {
  let owed = 0;
  for (const row of rows.filter((item) => item.agentUserId === agentUserId)) {
    if (row.confirmed && !row.cancelStatus) owed += row.finalTotal;
    if (row.cancelStatus) owed += row.cancellationCharge;
    for (const payment of await livePayments(row.id)) owed -= payment.receiveAmount;
  }
  return owed;
}

/** The value of the agent's live holds, leaving one booking out. */
function holdsOf(agentUserId: number, rows: BookingRow[], exceptId?: number): number {
  const now = Date.now();
  return rows
    .filter((row) => row.agentUserId === agentUserId && row.id !== exceptId && !row.confirmed && !row.cancelStatus)
    .filter((row) => row.cancelAt === null || row.cancelAt.getTime() > now)
    .reduce((sum, row) => sum + row.totalAmount, 0);
}

/** Credit limits of the three agents: two limited, one unlimited (null). */
const CREDIT_LIMITS = [400_000, 900_000, null] as const;

async function runSequence(seed: number) {
  const random = prng(seed);
  const agents: Agent[] = [];
  for (let index = 0; index < 3; index += 1) {
    const agent = await insertUserWithToken(t.db, { agencyName: `Seed ${seed} Travels ${index}` });
    await t.db.update(users).set({ creditLimit: CREDIT_LIMITS[index] ?? null }).where(eq(users.id, agent.user.id));
    agents.push({ ...agent, user: { ...agent.user, creditLimit: CREDIT_LIMITS[index] ?? null } });
  }
  const groupRows = [
    (await insertTestGroup(t.db, { totalTicket: 40, price: 120_000, infantPrice: 25_000 })).group,
    (await insertTestGroup(t.db, { totalTicket: 40, price: 95_000, infantPrice: 20_000, returnDay: 45 })).group,
  ];
  const groupIds = groupRows.map((group) => group.id);
  const log: string[] = [];

  const newBooking = async () => {
    const agent = random.next() < 0.2 ? null : random.pick(agents);
    const { booking } = await insertTestBooking(t.db, {
      uploadsDir: t.app.uploadsDir,
      group: random.pick(groupRows),
      addedBy: agent?.user.id ?? admin.user.id,
      agentUserId: agent?.user.id ?? null,
      adults: random.int(1, 2),
      infants: random.int(0, 1),
    });
    log.push(`book #${booking.id} for ${agent ? agent.user.id : 'walk-in'}`);
  };

  const confirm = async (booking: BookingRow) => {
    const received = booking.receivedAmount;
    // A cancelled booking may hold payments beyond its total (an advance): then no discount is possible.
    const discount = random.int(0, Math.min(Math.floor(booking.totalAmount / 10), Math.max(0, booking.totalAmount - received)));
    const due = Math.max(0, booking.totalAmount - discount - received);
    const receivePayment = random.next() < 0.4 ? 0 : random.int(0, Math.max(0, due));
    const override = random.next() < 0.3;
    log.push(`confirm #${booking.id} discount ${discount} pay ${receivePayment}${booking.cancelStatus ? ' (was cancelled)' : ''}${override ? ' override' : ''}`);
    const limit = agents.find((agent) => agent.user.id === booking.agentUserId)?.user.creditLimit ?? null;
    let refusal: string | undefined;
    if (limit !== null && booking.agentUserId !== null) {
      const rows = await bookingsOf(groupIds);
      const available = limit - (await owedBy(booking.agentUserId, rows)) - holdsOf(booking.agentUserId, rows, booking.id);
      const needed = booking.totalAmount - discount - receivePayment - (booking.cancelStatus ? booking.cancellationCharge : 0);
      if (needed > available && !override) refusal = creditLimitExceededMessage({ available, needed });
      else if (needed > available) log.push('  (override needed)');
    }
    const response = await post('/confirmbooking', {
      booking_id: booking.id,
      discount,
      receive_payment: receivePayment,
      sure: booking.cancelStatus ? 1 : 0,
      override: override ? 1 : 0,
    });
    if (refusal === undefined) {
      await expectOk(response, `confirm #${booking.id}`);
    } else {
      log.push('  refused (credit limit)');
      expect(response.statusCode, `${log.join('\n')}\n${response.body}`).toBe(409);
      expect(response.json()).toEqual({ message: refusal });
    }
  };

  const pay = async (booking: BookingRow) => {
    // Mostly within what is due, sometimes more (an advance).
    const amount = random.next() < 0.15 ? random.int(1, booking.finalTotal) + booking.finalTotal : random.int(1, Math.max(1, booking.finalTotal));
    const date = daysFromToday(-random.int(0, 40));
    log.push(`pay #${booking.id} ${amount} on ${date}`);
    await expectOk(await post('/update-booking-payment', { booking_id: booking.id, receive_amount: amount, receive_date: date, text: `Cash ${seed}` }), 'pay');
  };

  const editPayment = async (payment: PaymentRow) => {
    const amount = random.int(1, 200_000);
    const date = daysFromToday(-random.int(0, 40));
    log.push(`edit payment ${payment.id} -> ${amount} on ${date}`);
    await expectOk(
      await post('/edit-booking-payment', { payment_id: payment.id, receive_amount: amount, receive_date: date, text: 'Bank transfer' }),
      'edit payment',
    );
  };

  const deletePayment = async (payment: PaymentRow) => {
    log.push(`delete payment ${payment.id}`);
    await expectOk(await post('/delete-booking-payment', { payment_id: payment.id }), 'delete payment');
  };

  const cancel = async (booking: BookingRow) => {
    const charge = random.next() < 0.5 ? 0 : random.int(0, booking.finalTotal);
    log.push(`cancel #${booking.id} charge ${charge}`);
    await expectOk(
      await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${booking.id}?cancellation_charge=${charge}`, headers: bearer(admin.token) }),
      'cancel',
    );
  };

  for (let step = 0; step < STEPS; step += 1) {
    const rows = await bookingsOf(groupIds);
    const hold = rows.filter((row) => !row.confirmed && !row.cancelStatus);
    const confirmed = rows.filter((row) => row.confirmed && !row.cancelStatus);
    const cancelled = rows.filter((row) => row.cancelStatus);
    const withPayments: PaymentRow[] = [];
    for (const row of rows) withPayments.push(...(await livePayments(row.id)));

    const choices: Array<() => Promise<void>> = [newBooking, newBooking];
    if (hold.length > 0) choices.push(() => confirm(random.pick(hold)), () => confirm(random.pick(hold)));
    if (confirmed.length > 0) choices.push(() => pay(random.pick(confirmed)), () => pay(random.pick(confirmed)), () => cancel(random.pick(confirmed)));
    if (cancelled.length > 0) choices.push(() => confirm(random.pick(cancelled)));
    if (withPayments.length > 0) choices.push(() => editPayment(random.pick(withPayments)), () => deletePayment(random.pick(withPayments)));
    await random.pick(choices)();
  }
  return { agents, groupIds, log };
}

describe('ledger invariants after random sequences (PRODUCT §4 Payments and ledger)', () => {
  for (const seed of SEEDS) {
    it(`when seed ${seed} books, confirms, pays, edits, deletes and cancels at random, then every invariant holds`, async () => {
      const { agents, groupIds, log } = await runSequence(seed);
      const context = `seed ${seed}:\n${log.join('\n')}`;
      const rows = await bookingsOf(groupIds);

      // Per booking: received = sum of live payments; remaining = final - received; status from the amounts.
      for (const row of rows) {
        const live = await livePayments(row.id);
        const received = live.reduce((sum, payment) => sum + payment.receiveAmount, 0);
        expect(row.receivedAmount, `${context}\nreceived of #${row.id}`).toBe(received);
        expect(row.remainingAmount, `${context}\nremaining of #${row.id}`).toBe(row.finalTotal - received);
        const status = received === 0 ? 0 : received >= row.finalTotal ? 2 : 1;
        expect(row.paymentStatus, `${context}\nstatus of #${row.id}`).toBe(status);
      }

      const balanceResponse = await t.app.inject({ method: 'GET', url: '/api/allagentsbalancelist?page=1', headers: bearer(admin.token) });
      await expectOk(balanceResponse, 'allagentsbalancelist');
      // Every fixture agent fits on the first pages: walk the pages to find them.
      const balanceRows: AgentsBalanceResponse['data']['data'] = [];
      let page = balanceResponse.json() as AgentsBalanceResponse;
      balanceRows.push(...page.data.data);
      for (let next = 2; page.data.next_page_url !== null; next += 1) {
        const response = await t.app.inject({ method: 'GET', url: `/api/allagentsbalancelist?page=${next}`, headers: bearer(admin.token) });
        page = response.json() as AgentsBalanceResponse;
        balanceRows.push(...page.data.data);
      }

      for (const agent of agents) {
        const mine = rows.filter((row) => row.agentUserId === agent.user.id);
        const report = await accountReport(agent);
        // Opening + rows = closing, and every running balance follows its row.
        expect(report.opening_balance).toBe(0);
        let balance = report.opening_balance;
        for (const row of report.rows) {
          balance += signed(row);
          expect(row.balance, `${context}\nrunning balance at ledger row ${row.id}`).toBe(balance);
        }
        expect(report.closing_balance, context).toBe(balance);

        // What the agent owes: charged (confirmed, live) bookings and the charges kept on cancelled ones, less every
        // live payment it made.
        const owed = await owedBy(agent.user.id, rows);
        let lastPaid: string | null = null;
        for (const row of mine) {
          for (const payment of await livePayments(row.id)) {
            if (lastPaid === null || payment.receiveDate > lastPaid) lastPaid = payment.receiveDate;
          }
        }
        expect(report.closing_balance, `${context}\nclosing balance of agent ${agent.user.id}`).toBe(owed);

        // The agent row's credit: limit - balance - live holds (PRODUCT §6).
        const agentRow = await t.app.inject({ method: 'GET', url: `/api/editagent/${agent.user.id}`, headers: bearer(admin.token) });
        const limit = agent.user.creditLimit;
        expect(agentRow.json().data, context).toMatchObject({
          credit_limit: limit,
          balance: owed,
          available_credit: limit === null ? null : limit - owed - holdsOf(agent.user.id, rows),
        });

        // The balance report equals the ledger's closing balance.
        const reportRow = balanceRows.find((row) => row.agent_id === agent.user.agentId);
        if (mine.some((row) => row.confirmed || row.cancelStatus) || reportRow) {
          expect(reportRow, `${context}\nagent ${agent.user.agentId} in the balance report`).toBeDefined();
          expect(reportRow!.balance, `${context}\nbalance report of agent ${agent.user.agentId}`).toBe(owed);
          expect(reportRow!.last_paid, context).toBe(lastPaid);
        }

        // A date range: opening = every earlier row, closing = opening + the rows in the range.
        const from = daysFromToday(-25);
        const to = daysFromToday(-5);
        const ranged = await accountReport(agent, { from, to });
        const before = report.rows.filter((row) => row.receive_date < from).reduce((sum, row) => sum + signed(row), 0);
        const within = report.rows.filter((row) => row.receive_date >= from && row.receive_date <= to);
        expect(ranged.opening_balance, `${context}\nopening ${from}`).toBe(before);
        expect(ranged.rows.map((row) => row.id).sort(), context).toEqual(within.map((row) => row.id).sort());
        expect(ranged.closing_balance, context).toBe(before + within.reduce((sum, row) => sum + signed(row), 0));
      }

      // The General Report over confirmed, live bookings (walk-ins included).
      const generalResponse = await t.app.inject({ method: 'GET', url: '/api/listofallpendingpayments', headers: bearer(admin.token) });
      await expectOk(generalResponse, 'listofallpendingpayments');
      const general = (generalResponse.json() as AllPendingPaymentsResponse).data;
      const every = (await t.db.select().from(bookings)).filter((row) => row.confirmed && !row.cancelStatus);
      expect(general.report.total_sale, context).toBe(every.reduce((sum, row) => sum + row.finalTotal, 0));
      expect(general.report.received_payment, context).toBe(every.reduce((sum, row) => sum + row.receivedAmount, 0));
      expect(general.report.pending_payment, context).toBe(every.reduce((sum, row) => sum + Math.max(0, row.remainingAmount), 0));
      expect(general.pending.map((row) => row.id).sort(), context).toEqual(every.filter((row) => row.paymentStatus === 0).map((row) => row.id).sort());
      expect(general.partial.map((row) => row.id).sort(), context).toEqual(every.filter((row) => row.paymentStatus === 1).map((row) => row.id).sort());
      const charges = (await t.db.select().from(bookings)).filter((row) => row.cancelStatus).reduce((sum, row) => sum + row.cancellationCharge, 0);
      expect(general.report.cancellation_charges, context).toBe(charges);
    }, 240_000);
  }
});
