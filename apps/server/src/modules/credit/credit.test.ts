import type { MyProfileResponse } from '@portal/contract/agents';
import type { BookingDetailResponse } from '@portal/contract/booking-lifecycle';
import { creditLimitExceededMessage, lowCreditMessage } from '@portal/contract/credit';
import type { AccountReportResponse } from '@portal/contract/ledger';
import { and, eq, like } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertTestBooking, insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { bookingFields, insertBookableGroup, passenger, postBooking } from '../bookings/bookings.fixtures.js';
import { bookings } from '../bookings/bookings.table.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import { notifications } from '../notifications/notifications.table.js';
import { users, type UserRow } from '../users/users.table.js';

/**
 * PRODUCT §6 "Credit" (decision 032): credit limits on agents, available credit, the 409 and the admin's override,
 * and the low-credit notification once per crossing. Amounts are whole PKR; groups cost 100,000 a seat unless said.
 */

type Party = { user: UserRow; token: string };

let t: TestApp;
let admin: Party;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Credit Admin' });
});
afterAll(() => t.close());

async function agentWithLimit(limit: number | null): Promise<Party> {
  const agent = await insertUserWithToken(t.db, { agencyName: 'Credit Travels' });
  await t.db.update(users).set({ creditLimit: limit }).where(eq(users.id, agent.user.id));
  return agent;
}

/** One adult on a fresh group of `price` a seat, by `token`; `extra` are more form fields (agent, confirmed, override). */
async function book(token: string, { price = 100_000, extra = {} }: { price?: number; extra?: Record<string, string> } = {}) {
  const group = await insertBookableGroup(t.db, { price });
  return postBooking(t.app, token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })], extra })));
}

async function profile(token: string) {
  const response = await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: bearer(token) });
  expect(response.statusCode).toBe(200);
  return (response.json() as MyProfileResponse).data;
}

async function confirm(bookingId: number, fields: Record<string, unknown> = {}) {
  return t.app.inject({
    method: 'POST',
    url: '/api/confirmbooking',
    payload: { booking_id: bookingId, discount: 0, receive_payment: 0, ...fields },
    headers: bearer(admin.token),
  });
}

async function detail(bookingId: number) {
  const response = await t.app.inject({ method: 'POST', url: '/api/booking-detail', payload: { booking_id: bookingId }, headers: bearer(admin.token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as BookingDetailResponse).data;
}

async function bookingsOf(agent: Party) {
  return t.db.select().from(bookings).where(eq(bookings.agentUserId, agent.user.id));
}

async function lowCreditNotices(agent: Party) {
  return t.db
    .select()
    .from(notifications)
    .where(and(eq(notifications.userId, agent.user.id), like(notifications.message, 'Your available credit is%')));
}

describe('available credit (PRODUCT §6)', () => {
  it('when an agent has a limit, then my-profile and the agent row answer limit - balance - live holds, and an expired hold does not count', async () => {
    const agent = await agentWithLimit(500_000);
    expect(await profile(agent.token)).toMatchObject({ credit_limit: 500_000, balance: 0, available_credit: 500_000 });

    const hold = await book(agent.token);
    expect(hold.statusCode, hold.body).toBe(201);
    const charged = await book(agent.token, { price: 150_000 });
    expect((await confirm(charged.json().data.id)).statusCode).toBe(200);
    // An expired hold (not yet swept) and a cancelled one take no credit.
    const group = await insertBookableGroup(t.db);
    await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group, addedBy: agent.user.id, agentUserId: agent.user.id, cancelAt: new Date(Date.now() - 60_000) });
    await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group, addedBy: agent.user.id, agentUserId: agent.user.id, state: 'cancelled' });

    expect(await profile(agent.token)).toMatchObject({ credit_limit: 500_000, balance: 150_000, available_credit: 500_000 - 150_000 - 100_000 });
    const row = await t.app.inject({ method: 'GET', url: `/api/editagent/${agent.user.id}`, headers: bearer(admin.token) });
    expect(row.json().data).toMatchObject({ credit_limit: 500_000, balance: 150_000, available_credit: 250_000 });
    const list = await t.app.inject({ method: 'GET', url: `/api/listofagents?search=${agent.user.agentId}`, headers: bearer(admin.token) });
    expect(list.json().data.find((item: { id: number }) => item.id === agent.user.id)).toMatchObject({ available_credit: 250_000 });
  });

  it('when an agent has no limit, then credit_limit and available_credit are null and any booking passes (today behaviour)', async () => {
    const agent = await agentWithLimit(null);
    const response = await book(agent.token, { price: 5_000_000 });
    expect(response.statusCode).toBe(201);
    expect(await profile(agent.token)).toMatchObject({ credit_limit: null, balance: 0, available_credit: null });
  });

  it('when an administrator reads its profile, then it has no credit (null, 0, null)', async () => {
    expect(await profile(admin.token)).toMatchObject({ credit_limit: null, balance: 0, available_credit: null });
  });
});

describe('add-booking against the credit limit', () => {
  it('when an agent hold needs more than its available credit, then 409 with the quoted message and nothing is written', async () => {
    const agent = await agentWithLimit(250_000);
    expect((await book(agent.token)).statusCode).toBe(201);
    const before = await bookingsOf(agent);

    const refused = await book(agent.token, { price: 160_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Credit limit exceeded: available 150000, needed 160000.' });
    expect(await bookingsOf(agent)).toHaveLength(before.length);

    // The agent's own `override` is ignored.
    const again = await book(agent.token, { price: 160_000, extra: { override: '1' } });
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({ message: creditLimitExceededMessage({ available: 150_000, needed: 160_000 }) });

    // Exactly the available credit fits.
    expect((await book(agent.token, { price: 150_000 })).statusCode).toBe(201);
    expect((await profile(agent.token)).available_credit).toBe(0);
  });

  it('when an admin books confirmed for an agent past its limit, then 409; with override = 1, then 201, charged and marked credit_override', async () => {
    const agent = await agentWithLimit(100_000);
    const extra = { agent: String(agent.user.id), confirmed: '1' };
    const refused = await book(admin.token, { price: 120_000, extra });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: 'Credit limit exceeded: available 100000, needed 120000.' });

    const overridden = await book(admin.token, { price: 120_000, extra: { ...extra, override: '1' } });
    expect(overridden.statusCode, overridden.body).toBe(201);
    const booking = await detail(overridden.json().data.id);
    expect(booking).toMatchObject({ confirmed: 1, credit_override: 1 });
    expect(await profile(agent.token)).toMatchObject({ balance: 120_000, available_credit: -20_000 });

    // An override that was not needed leaves no mark.
    const roomy = await agentWithLimit(1_000_000);
    const plain = await book(admin.token, { price: 120_000, extra: { agent: String(roomy.user.id), confirmed: '1', override: '1' } });
    expect(plain.statusCode).toBe(201);
    expect((await detail(plain.json().data.id)).credit_override).toBe(0);
  });
});

describe('confirmbooking against the credit limit', () => {
  it("when a hold is confirmed, then its own hold is left out: needed = final total - receive_payment against the rest", async () => {
    const agent = await agentWithLimit(200_000);
    const first = await book(agent.token, { price: 200_000 });
    expect(first.statusCode).toBe(201);
    // The hold took the whole limit, and confirming it needs no more than it already holds.
    expect((await confirm(first.json().data.id)).statusCode).toBe(200);
    expect(await profile(agent.token)).toMatchObject({ balance: 200_000, available_credit: 0 });
  });

  it('when the limit is lowered under a hold, then confirming answers 409 with available and needed; a payment on confirmation lowers what is needed; override passes', async () => {
    const agent = await agentWithLimit(300_000);
    const hold = await book(agent.token, { price: 200_000 });
    const holdId = hold.json().data.id as number;
    await t.db.update(users).set({ creditLimit: 150_000 }).where(eq(users.id, agent.user.id));

    const refused = await confirm(holdId, { discount: 10_000 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: creditLimitExceededMessage({ available: 150_000, needed: 190_000 }) });
    expect((await detail(holdId)).confirmed).toBe(0);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, holdId))).toHaveLength(0);

    // 50,000 received on confirmation: it owes 140,000 of 150,000.
    const paid = await confirm(holdId, { discount: 10_000, receive_payment: 50_000 });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await detail(holdId)).credit_override).toBe(0);
    expect(await profile(agent.token)).toMatchObject({ balance: 140_000, available_credit: 10_000 });

    const other = await book(admin.token, { price: 100_000, extra: { agent: String(agent.user.id), confirmed: '0' } });
    expect(other.statusCode).toBe(409);
    expect(other.json()).toEqual({ message: creditLimitExceededMessage({ available: 10_000, needed: 100_000 }) });
    const held = await book(admin.token, { price: 100_000, extra: { agent: String(agent.user.id), confirmed: '0', override: '1' } });
    expect(held.statusCode).toBe(201);
    expect((await detail(held.json().data.id)).credit_override).toBe(1);
    // Its confirmation is a new decision against the limit: it needs the override again.
    const confirmRefused = await confirm(held.json().data.id);
    expect(confirmRefused.statusCode).toBe(409);
    expect(confirmRefused.json()).toEqual({ message: creditLimitExceededMessage({ available: 10_000, needed: 100_000 }) });
    expect((await confirm(held.json().data.id, { override: 1 })).statusCode).toBe(200);
  });

  it('when a cancelled booking is confirmed again past the limit, then 409; with override, then 200 and credit_override 1', async () => {
    const agent = await agentWithLimit(50_000);
    const group = await insertBookableGroup(t.db, { price: 80_000 });
    const { booking } = await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group, addedBy: agent.user.id, agentUserId: agent.user.id, state: 'cancelled' });
    const refused = await confirm(booking.id, { sure: 1 });
    expect(refused.statusCode).toBe(409);
    expect(refused.json()).toEqual({ message: creditLimitExceededMessage({ available: 50_000, needed: 80_000 }) });
    const passed = await confirm(booking.id, { sure: 1, override: 1 });
    expect(passed.statusCode, passed.body).toBe(200);
    expect(await detail(booking.id)).toMatchObject({ confirmed: 1, cancel_status: 0, credit_override: 1 });
  });

  it('when a walk-in sale is confirmed, then no credit is asked', async () => {
    const response = await book(admin.token, { price: 9_000_000, extra: { agent: '0', walking: '1', confirmed: '0' } });
    expect(response.statusCode).toBe(201);
    expect((await confirm(response.json().data.id)).statusCode).toBe(200);
  });
});

describe('credit_limit on add-agent and updateagent', () => {
  it('when the limit is not a whole number or too big, then 422 on credit_limit', async () => {
    const agent = await agentWithLimit(null);
    for (const [value, message] of [
      ['12.5', 'The credit limit must be a whole number of rupees.'],
      ['-1', 'The credit limit must be a whole number of rupees.'],
      ['abc', 'The credit limit must be a whole number of rupees.'],
      ['1000000001', 'The credit limit may not be greater than 1000000000.'],
    ]) {
      const response = await t.app.inject({
        method: 'POST',
        url: `/api/updateagent/${agent.user.id}`,
        payload: { name: 'Credit Agent', phone: '03001234567', credit_limit: value },
        headers: bearer(admin.token),
      });
      expect(response.statusCode, value).toBe(422);
      expect(response.json().errors).toEqual({ credit_limit: [message] });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(row!.creditLimit).toBeNull();
  });
});

describe('low-credit notification (once per crossing under 10 % of the limit)', () => {
  it('when available credit falls under 10 %, then the agent is told once; back above and under again, then told again', async () => {
    const agent = await agentWithLimit(1_000_000);
    const first = await book(agent.token, { price: 850_000 });
    expect(first.statusCode).toBe(201);
    expect(await lowCreditNotices(agent)).toHaveLength(0);
    // 1,000,000 - 850,000 - 60,000 = 90,000: under 100,000.
    const crossing = await book(agent.token, { price: 60_000 });
    expect(crossing.statusCode).toBe(201);
    let notices = await lowCreditNotices(agent);
    expect(notices).toHaveLength(1);
    expect(notices[0]!.message).toBe(lowCreditMessage({ available: 90_000, limit: 1_000_000 }));
    expect(notices[0]!.message).toBe('Your available credit is PKR 90,000, under 10% of your credit limit of PKR 1,000,000.');
    expect(notices[0]!.bookingId).toBe(crossing.json().data.id);

    // Still under: not told again.
    expect((await book(agent.token, { price: 10_000 })).statusCode).toBe(201);
    expect(await lowCreditNotices(agent)).toHaveLength(1);
    const [stored] = await t.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(stored!.creditLow).toBe(true);

    // The agent cancels the big hold: back above the line; the next booking sees it and clears the state.
    const cancelled = await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${first.json().data.id}`, headers: bearer(agent.token) });
    expect(cancelled.statusCode).toBe(200);
    expect((await book(agent.token, { price: 10_000 })).statusCode).toBe(201);
    expect(await lowCreditNotices(agent)).toHaveLength(1);
    const [cleared] = await t.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(cleared!.creditLow).toBe(false);

    // Under again: told a second time.
    expect((await book(agent.token, { price: 850_000 })).statusCode).toBe(201);
    notices = await lowCreditNotices(agent);
    expect(notices).toHaveLength(2);
    expect(notices[1]!.message).toBe(lowCreditMessage({ available: 1_000_000 - 60_000 - 10_000 - 10_000 - 850_000, limit: 1_000_000 }));
  });

  it('when confirming the hold that crossed the line, then the agent is not told again', async () => {
    const agent = await agentWithLimit(100_000);
    const hold = await book(agent.token, { price: 95_000 });
    expect(await lowCreditNotices(agent)).toHaveLength(1);
    expect((await confirm(hold.json().data.id)).statusCode).toBe(200);
    expect(await lowCreditNotices(agent)).toHaveLength(1);
  });
});

describe('ledger after a confirmation with override', () => {
  it('when an admin overrides, then the ledger charges the final total as any confirmation', async () => {
    const agent = await agentWithLimit(0);
    const response = await book(admin.token, { price: 70_000, extra: { agent: String(agent.user.id), confirmed: '1', override: '1' } });
    expect(response.statusCode).toBe(201);
    const report = await t.app.inject({ method: 'POST', url: '/api/account-api', payload: { type: 'all' }, headers: bearer(agent.token) });
    const data = (report.json() as AccountReportResponse).data;
    expect(data.closing_balance).toBe(70_000);
  });
});
