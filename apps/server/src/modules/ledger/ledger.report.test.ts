import { AGENT_NOT_FOUND_MESSAGE, LEDGER_DATE_ORDER_MESSAGE, type AccountReport } from '@portal/contract/ledger';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { daysFromToday, insertAgentWithToken, insertBookableGroup } from '../bookings/bookings.fixtures.js';
import type { GroupRow } from '../groups/groups.table.js';
import { users, type UserRow } from '../users/users.table.js';
import { bookAsAgent, cancelAsAdmin, confirmAsAdmin, setEntryDate } from './ledger.fixtures.js';
import { ledgerEntries } from './ledger.table.js';

let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let group: GroupRow;
/** Agent A's bookings: b1 2 adults (discount 20,000, paid 50,000), b2 1 adult + 1 infant (charged, then cancelled). */
let b1: number;
let b2: number;
/** Agent A's rows by what they are. */
const ids = { out1: 0, out2: 0, in1: 0, rev2: 0 };
const texts = new Map<number, string>();

const D = daysFromToday;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Ledger Admin' });
  agentA = await insertAgentWithToken(t.db, { name: 'Ahmed Raza', agencyName: 'Alpha Travels' });
  agentB = await insertAgentWithToken(t.db, { name: 'Bilal Shah', agencyName: 'Beta Tours' });
  group = await insertBookableGroup(t.db, { totalTicket: 20, price: 100_000, infantPrice: 20_000 });

  b1 = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: group.pnr, adults: 2 });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: b1, discount: 20_000, receivePayment: 50_000 });
  b2 = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: group.pnr, adults: 1, infants: 1 });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: b2 });
  await cancelAsAdmin(t.app, { token: admin.token, bookingId: b2 });
  // A hold is not charged: no row.
  await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: group.pnr });

  const bB = await bookAsAgent(t.app, multipart, { token: agentB.token, pnr: group.pnr });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: bB, receivePayment: 100_000 });

  // Dates chosen so the date order differs from the posting order: out1, out2, in1, reversal.
  ids.out1 = await setEntryDate(t.db, { bookingId: b1, type: 'out', date: D(-10) });
  ids.in1 = await setEntryDate(t.db, { bookingId: b1, type: 'in', date: D(-5) });
  ids.out2 = await setEntryDate(t.db, { bookingId: b2, type: 'out', date: D(-7) });
  ids.rev2 = await setEntryDate(t.db, { bookingId: b2, type: 'reversal', date: D(0) });
  for (const row of await t.db.select().from(ledgerEntries)) texts.set(row.id, row.text);
});
afterAll(() => t.close());

function report(payload: Record<string, unknown>, token: string | null = admin.token) {
  return t.app.inject({ method: 'POST', url: '/api/account-api', payload, headers: token ? bearer(token) : {} });
}

async function reportOf(payload: Record<string, unknown>, token?: string): Promise<AccountReport> {
  const response = await report(payload, token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: AccountReport }).data;
}

function row(id: number, receiveDate: string, type: 'out' | 'in' | 'reversal', amount: number, balance: number, booking: number) {
  return { id, receive_date: receiveDate, text: texts.get(id), type, receive_amount: amount, balance, pnr: group.pnr, booking };
}

/** PRODUCT §4: opening balance + the rows in the range = closing balance. */
function expectBalanced(data: AccountReport): void {
  const moved = data.rows.reduce((sum, r) => sum + (r.type === 'out' ? r.receive_amount : -r.receive_amount), 0);
  expect(data.opening_balance + moved).toBe(data.closing_balance);
}

describe('POST /api/account-api: type all', () => {
  it('when an admin asks for an agent, then every row comes in date order with its running balance, PNR and booking', async () => {
    const data = await reportOf({ agent_id: agentA.user.agentId, type: 'all' });
    expect(data).toEqual({
      agent: { agent_id: agentA.user.agentId, name: 'Ahmed Raza', agency_name: 'Alpha Travels' },
      type: 'all',
      from: null,
      to: null,
      opening_balance: 0,
      closing_balance: 130_000,
      rows: [
        row(ids.out1, D(-10), 'out', 180_000, 180_000, b1),
        row(ids.out2, D(-7), 'out', 120_000, 300_000, b2),
        row(ids.in1, D(-5), 'in', 50_000, 250_000, b1),
        row(ids.rev2, D(0), 'reversal', 120_000, 130_000, b2),
      ],
    });
    expectBalanced(data);
  });

  it('when rows share a date, then they come in the order they were posted (out before its payment)', async () => {
    const data = await reportOf({ agent_id: String(agentB.user.agentId), type: 'all' });
    expect(data.rows.map((r) => [r.type, r.receive_amount, r.balance, r.receive_date])).toEqual([
      ['out', 100_000, 100_000, D(0)],
      ['in', 100_000, 0, D(0)],
    ]);
    expect(data.closing_balance).toBe(0);
  });

  it('when the form is multipart with from and to, then type all ignores the dates', async () => {
    const form = multipart([
      ['agent_id', String(agentA.user.agentId)],
      ['type', 'all'],
      ['from', D(-6)],
      ['to', D(-6)],
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/account-api', payload: form.payload, headers: { ...form.headers, ...bearer(admin.token) } });
    expect(response.statusCode, response.body).toBe(200);
    const data = (response.json() as { data: AccountReport }).data;
    expect(data).toMatchObject({ from: null, to: null, opening_balance: 0, closing_balance: 130_000 });
    expect(data.rows).toHaveLength(4);
  });
});

describe('POST /api/account-api: type date', () => {
  it('when the range cuts the ledger, then the opening balance is every earlier row and the rows carry on from it', async () => {
    const data = await reportOf({ agent_id: agentA.user.agentId, type: 'date', from: D(-7), to: D(-5) });
    expect(data).toMatchObject({ type: 'date', from: D(-7), to: D(-5), opening_balance: 180_000, closing_balance: 250_000 });
    expect(data.rows).toEqual([row(ids.out2, D(-7), 'out', 120_000, 300_000, b2), row(ids.in1, D(-5), 'in', 50_000, 250_000, b1)]);
    expectBalanced(data);
  });

  it('when from and to are the same day, then that day is included', async () => {
    const data = await reportOf({ agent_id: agentA.user.agentId, type: 'date', from: D(-10), to: D(-10) });
    expect(data).toMatchObject({ opening_balance: 0, closing_balance: 180_000 });
    expect(data.rows).toEqual([row(ids.out1, D(-10), 'out', 180_000, 180_000, b1)]);
  });

  it('when the range holds no rows, then opening and closing are the balance before it', async () => {
    const between = await reportOf({ agent_id: agentA.user.agentId, type: 'date', from: D(-4), to: D(-1) });
    expect(between).toMatchObject({ opening_balance: 250_000, closing_balance: 250_000, rows: [] });
    const before = await reportOf({ agent_id: agentA.user.agentId, type: 'date', from: D(-30), to: D(-11) });
    expect(before).toMatchObject({ opening_balance: 0, closing_balance: 0, rows: [] });
    const after = await reportOf({ agent_id: agentA.user.agentId, type: 'date', from: D(1), to: D(5) });
    expect(after).toMatchObject({ opening_balance: 130_000, closing_balance: 130_000, rows: [] });
  });

  it('when the range ends today, then the closing balance equals the closing balance of type all', async () => {
    const data = await reportOf({ agent_id: agentA.user.agentId, type: 'date', from: D(-6), to: D(0) });
    expect(data).toMatchObject({ opening_balance: 300_000, closing_balance: 130_000 });
    expect(data.rows.map((r) => r.id)).toEqual([ids.in1, ids.rev2]);
    expectBalanced(data);
  });

  it('when from or to is missing or to is before from, then 422 on the field', async () => {
    const missing = await report({ agent_id: agentA.user.agentId, type: 'date', from: D(-1) });
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors).toEqual({ to: ['The to field is required.'] });
    const reversed = await report({ agent_id: agentA.user.agentId, type: 'date', from: D(-1), to: D(-2) });
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors).toEqual({ to: [LEDGER_DATE_ORDER_MESSAGE] });
  });
});

describe('POST /api/account-api: whose ledger', () => {
  it("when an agent sends another agent's number, then it gets its own ledger", async () => {
    const data = await reportOf({ agent_id: agentB.user.agentId, type: 'all' }, agentA.token);
    expect(data.agent).toEqual({ agent_id: agentA.user.agentId, name: 'Ahmed Raza', agency_name: 'Alpha Travels' });
    expect(data.closing_balance).toBe(130_000);
    expect(data.rows.map((r) => r.id)).toEqual([ids.out1, ids.out2, ids.in1, ids.rev2]);
  });

  it('when an agent sends no number, then it gets its own ledger', async () => {
    const data = await reportOf({ type: 'date', from: D(0), to: D(0) }, agentB.token);
    expect(data.agent.agent_id).toBe(agentB.user.agentId);
    expect(data).toMatchObject({ opening_balance: 0, closing_balance: 0 });
    expect(data.rows).toHaveLength(2);
  });

  it('when an admin sends no agent id, then 422 on agent_id', async () => {
    const response = await report({ type: 'all' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The agent id field is required.', errors: { agent_id: ['The agent id field is required.'] } });
  });

  it('when an admin sends an unknown agent number, then 404', async () => {
    const response = await report({ agent_id: 999_999, type: 'all' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: AGENT_NOT_FOUND_MESSAGE });
  });

  it('when the agent is later deleted, then an admin still reads its ledger', async () => {
    const gone = await insertAgentWithToken(t.db, { name: 'Gone Agent', agencyName: 'Gone Travels' });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    const data = await reportOf({ agent_id: gone.user.agentId, type: 'all' });
    expect(data).toMatchObject({ agent: { agent_id: gone.user.agentId }, opening_balance: 0, closing_balance: 0, rows: [] });
  });

  it('when there is no token, then 401', async () => {
    const response = await report({ agent_id: agentA.user.agentId, type: 'all' }, null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
