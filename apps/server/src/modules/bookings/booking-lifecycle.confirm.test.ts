import {
  BOOKING_ALREADY_CONFIRMED_MESSAGE,
  BOOKING_CONFIRMED_MESSAGE,
  CONFIRM_CANCELLED_BOOKING_MESSAGE,
  NOT_ENOUGH_SEATS_TO_CONFIRM_MESSAGE,
  TICKET_CANCELLED_MESSAGE,
} from '@portal/contract/booking-lifecycle';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import { payments } from '../payments/payments.table.js';
import type { UserRow } from '../users/users.table.js';
import { bookings } from './bookings.table.js';
import { daysFromToday, insertTestBooking, insertTestGroup, insertUserWithToken, type TestGroup } from './booking-lifecycle.factories.js';

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let group: TestGroup;

const KARACHI_TODAY = () => daysFromToday(0);

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Confirm Admin' });
  agent = await insertUserWithToken(t.db, { agencyName: 'Alpha Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 50, price: 100_000, infantPrice: 20_000 });
});
afterAll(() => t.close());

async function agentHold(options: { adults?: number; infants?: number; groupRow?: TestGroup['group'] } = {}): Promise<number> {
  const { booking } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group: options.groupRow ?? group.group,
    addedBy: agent.user.id,
    agentUserId: agent.user.id,
    adults: options.adults ?? 1,
    infants: options.infants ?? 0,
  });
  return booking.id;
}

function confirm(payload: Record<string, unknown>, token: string | null = admin.token) {
  return t.app.inject({ method: 'POST', url: '/api/confirmbooking', payload, headers: token ? bearer(token) : {} });
}

function cancel(bookingId: number, token: string = admin.token) {
  return t.app.inject({ method: 'GET', url: `/api/cancelbooking/${bookingId}`, headers: bearer(token) });
}

async function bookingRow(bookingId: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, bookingId));
  return row!;
}

async function ledgerOf(bookingId: number) {
  return t.db
    .select({ type: ledgerEntries.type, amount: ledgerEntries.amount, paymentId: ledgerEntries.paymentId, entryDate: ledgerEntries.entryDate, agentUserId: ledgerEntries.agentUserId })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, bookingId))
    .orderBy(asc(ledgerEntries.id));
}

async function paymentsOf(bookingId: number) {
  return t.db.select().from(payments).where(eq(payments.bookingId, bookingId)).orderBy(asc(payments.id));
}

describe('POST /api/confirmbooking: amounts, payment and ledger', () => {
  it('when a hold is confirmed with a discount and a payment, then totals, the payment and out + in ledger rows are written', async () => {
    const id = await agentHold({ adults: 2, infants: 1 });
    const response = await confirm({ booking_id: id, discount: 20_000, receive_payment: 100_000 });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: BOOKING_CONFIRMED_MESSAGE });

    const row = await bookingRow(id);
    expect(row).toMatchObject({
      confirmed: true,
      confirmedBy: admin.user.id,
      cancelStatus: false,
      totalAmount: 220_000,
      discount: 20_000,
      finalTotal: 200_000,
      receivedAmount: 100_000,
      remainingAmount: 100_000,
      paymentStatus: 1,
    });
    expect(row.confirmedAt).toBeInstanceOf(Date);
    const [payment, ...others] = await paymentsOf(id);
    expect(others).toEqual([]);
    expect(payment).toMatchObject({ receiveAmount: 100_000, receiveDate: KARACHI_TODAY(), text: 'Received on confirmation', addedBy: admin.user.id });
    expect(await ledgerOf(id)).toEqual([
      { type: 'out', amount: 200_000, paymentId: null, entryDate: KARACHI_TODAY(), agentUserId: agent.user.id },
      { type: 'in', amount: 100_000, paymentId: payment!.id, entryDate: KARACHI_TODAY(), agentUserId: agent.user.id },
    ]);

    const detail = await t.app.inject({ method: 'POST', url: '/api/agent-booking-detail', payload: { booking_id: id }, headers: bearer(agent.token) });
    expect(detail.json().data).toMatchObject({ confirmed: 1, final_total: 200_000, received_amount: 100_000, remaining_amount: 100_000, payment_status: 1 });
  });

  it('when the payment covers the final total, then payment_status is 2 and nothing remains', async () => {
    const id = await agentHold();
    const form = multipart([
      ['booking_id', String(id)],
      ['discount', '5000'],
      ['receive_payment', '95000'],
      ['sure', '0'],
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/confirmbooking', payload: form.payload, headers: { ...form.headers, ...bearer(admin.token) } });
    expect(response.statusCode, response.body).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ finalTotal: 95_000, receivedAmount: 95_000, remainingAmount: 0, paymentStatus: 2 });
  });

  it('when nothing is received, then no payment is recorded and the ledger has only the out row', async () => {
    const id = await agentHold();
    expect((await confirm({ booking_id: id, discount: 0, receive_payment: 0 })).statusCode).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ finalTotal: 100_000, receivedAmount: 0, paymentStatus: 0 });
    expect(await paymentsOf(id)).toEqual([]);
    expect((await ledgerOf(id)).map((row) => [row.type, row.amount])).toEqual([['out', 100_000]]);
  });

  it('when a walk-in sale is confirmed with a payment, then the payment is kept and no ledger row is posted', async () => {
    const { booking } = await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: admin.user.id });
    expect((await confirm({ booking_id: booking.id, discount: 0, receive_payment: 40_000 })).statusCode).toBe(200);
    expect(await paymentsOf(booking.id)).toHaveLength(1);
    expect(await ledgerOf(booking.id)).toEqual([]);
    expect(await bookingRow(booking.id)).toMatchObject({ receivedAmount: 40_000, paymentStatus: 1 });
  });
});

describe('POST /api/confirmbooking: refusals', () => {
  it('when the booking is already confirmed, then 409 and nothing is posted twice', async () => {
    const id = await agentHold();
    expect((await confirm({ booking_id: id, discount: 0, receive_payment: 10_000 })).statusCode).toBe(200);
    const again = await confirm({ booking_id: id, discount: 0, receive_payment: 10_000 });
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_ALREADY_CONFIRMED_MESSAGE);
    expect(await paymentsOf(id)).toHaveLength(1);
    expect(await ledgerOf(id)).toHaveLength(2);
  });

  it('when the amounts are missing, not whole or out of range, then 422 on the field and nothing changes', async () => {
    const id = await agentHold();
    const cases: Array<[Record<string, unknown>, string, string]> = [
      [{ booking_id: id, receive_payment: 0 }, 'discount', 'The discount field is required.'],
      [{ booking_id: id, discount: 0 }, 'receive_payment', 'The receive payment field is required.'],
      [{ booking_id: id, discount: '', receive_payment: 0 }, 'discount', 'The discount field is required.'],
      [{ booking_id: id, discount: 1.5, receive_payment: 0 }, 'discount', 'The discount must be an integer.'],
      [{ booking_id: id, discount: -1, receive_payment: 0 }, 'discount', 'The discount must be at least 0.'],
      [{ booking_id: id, discount: 0, receive_payment: -5 }, 'receive_payment', 'The receive payment must be at least 0.'],
      [{ booking_id: id, discount: 100_001, receive_payment: 0 }, 'discount', 'The discount may not be greater than 100000.'],
      [{ booking_id: id, discount: 30_000, receive_payment: 70_001 }, 'receive_payment', 'The receive payment may not be greater than 70000.'],
    ];
    for (const [payload, field, message] of cases) {
      const response = await confirm(payload);
      expect(response.statusCode, JSON.stringify(payload)).toBe(422);
      expect(response.json().errors[field]).toEqual([message]);
    }
    expect(await bookingRow(id)).toMatchObject({ confirmed: false, discount: 0, receivedAmount: 0 });
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('when the booking is unknown, then 404; an agent gets 403 and nobody 401', async () => {
    expect((await confirm({ booking_id: 999_999, discount: 0, receive_payment: 0 })).statusCode).toBe(404);
    const id = await agentHold();
    expect((await confirm({ booking_id: id, discount: 0, receive_payment: 0 }, agent.token)).statusCode).toBe(403);
    expect((await confirm({ booking_id: id, discount: 0, receive_payment: 0 }, null)).statusCode).toBe(401);
    expect((await bookingRow(id)).confirmed).toBe(false);
  });
});

describe('POST /api/confirmbooking: re-confirming a cancelled booking', () => {
  it('when sure is not 1, then 422 with the dialog warning; with sure=1 and free seats the seats are taken again', async () => {
    const small = await insertTestGroup(t.db, { totalTicket: 3, price: 50_000 });
    const id = await agentHold({ adults: 2, groupRow: small.group });
    expect((await cancel(id)).json()).toEqual({ message: TICKET_CANCELLED_MESSAGE });

    for (const sure of [undefined, 0, '0', '']) {
      const refused = await confirm({ booking_id: id, discount: 0, receive_payment: 0, ...(sure === undefined ? {} : { sure }) });
      expect(refused.statusCode).toBe(422);
      expect(refused.json()).toEqual({ message: CONFIRM_CANCELLED_BOOKING_MESSAGE, errors: { sure: [CONFIRM_CANCELLED_BOOKING_MESSAGE] } });
    }
    expect((await bookingRow(id)).cancelStatus).toBe(true);

    const accepted = await confirm({ booking_id: id, discount: 0, receive_payment: 0, sure: 1 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ confirmed: true, cancelStatus: false, cancelledAt: null, cancelledBy: null });
    // Its 2 seats are sold again: only 1 of 3 is left, so a 2-adult cancelled booking cannot come back.
    const second = await agentHold({ adults: 2, groupRow: small.group });
    await cancel(second);
    const noSeats = await confirm({ booking_id: second, discount: 0, receive_payment: 0, sure: 1 });
    expect(noSeats.statusCode).toBe(409);
    expect(noSeats.json().message).toBe(NOT_ENOUGH_SEATS_TO_CONFIRM_MESSAGE);
    expect(await bookingRow(second)).toMatchObject({ cancelStatus: true, confirmed: false });
    expect(await ledgerOf(second)).toEqual([]);
  });

  it('when a charged booking is cancelled and confirmed again, then the ledger reads out, reversal, out', async () => {
    const id = await agentHold();
    expect((await confirm({ booking_id: id, discount: 10_000, receive_payment: 0 })).statusCode).toBe(200);
    expect((await cancel(id)).statusCode).toBe(200);
    expect((await confirm({ booking_id: id, discount: 0, receive_payment: 20_000, sure: 'true' })).statusCode).toBe(200);
    const rows = await ledgerOf(id);
    expect(rows.map((row) => [row.type, row.amount])).toEqual([
      ['out', 90_000],
      ['reversal', 90_000],
      ['out', 100_000],
      ['in', 20_000],
    ]);
    expect(await bookingRow(id)).toMatchObject({ discount: 0, finalTotal: 100_000, receivedAmount: 20_000, paymentStatus: 1 });
  });
});

describe('POST /api/confirmbooking: a cancelled booking paid beyond its total', () => {
  it('when it is confirmed again, then discount 0 and payment 0 are accepted and any discount or payment is refused', async () => {
    const { booking } = await insertTestBooking(t.db, {
      uploadsDir: t.app.uploadsDir,
      group: group.group,
      addedBy: agent.user.id,
      agentUserId: agent.user.id,
      state: 'cancelled_after_charge',
      received: 150_000,
    });
    expect(booking.totalAmount).toBe(100_000);

    const discounted = await confirm({ booking_id: booking.id, discount: 1, receive_payment: 0, sure: 1 });
    expect(discounted.statusCode).toBe(422);
    expect(discounted.json().errors.discount).toEqual(['The discount may not be greater than 0.']);
    const paying = await confirm({ booking_id: booking.id, discount: 0, receive_payment: 1, sure: 1 });
    expect(paying.statusCode).toBe(422);
    expect(paying.json().errors.receive_payment).toEqual(['The receive payment may not be greater than 0.']);

    const accepted = await confirm({ booking_id: booking.id, discount: 0, receive_payment: 0, sure: 1 });
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(await bookingRow(booking.id)).toMatchObject({ confirmed: true, cancelStatus: false, finalTotal: 100_000 });
  });
});

describe('POST /api/confirmbooking: concurrency', () => {
  it('when the same booking is confirmed four times at once, then one succeeds, the rest answer 409, and one out row is posted', async () => {
    for (let round = 0; round < 3; round++) {
      const id = await agentHold();
      const answers = await Promise.all(
        Array.from({ length: 4 }, () => confirm({ booking_id: id, discount: 0, receive_payment: 10_000 })),
      );
      expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
      expect((await ledgerOf(id)).map((row) => row.type)).toEqual(['out', 'in']);
      expect(await paymentsOf(id)).toHaveLength(1);
      expect(await bookingRow(id)).toMatchObject({ receivedAmount: 10_000 });
    }
  });

  it('when a confirm and a cancel race, then the ledger ends balanced with the booking state', async () => {
    const id = await agentHold();
    const [confirmed, cancelled] = await Promise.all([confirm({ booking_id: id, discount: 0, receive_payment: 0 }), cancel(id)]);
    expect(cancelled.statusCode).toBe(200);
    const types = (await ledgerOf(id)).map((row) => row.type);
    const row = await bookingRow(id);
    expect(row.cancelStatus).toBe(true);
    // Either the confirm ran first (out, then the cancel's reversal) or the cancel did (the confirm then needs sure: 422).
    if (confirmed.statusCode === 200) expect(types).toEqual(['out', 'reversal']);
    else {
      expect(confirmed.statusCode).toBe(422);
      expect(types).toEqual([]);
    }
  });
});
