import { accountReportResponseSchema, type AccountReport } from '@portal/contract/ledger';
import { and, asc, eq, inArray } from 'drizzle-orm';
import { gunzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { daysFromToday, insertAgentWithToken, insertBookableGroup } from '../bookings/bookings.fixtures.js';
import { bookings } from '../bookings/bookings.table.js';
import { groups } from '../groups/groups.table.js';
import { users, type UserRow } from '../users/users.table.js';
import { bookAsAgent, cancelAsAdmin, confirmAsAdmin, setEntryDate } from './ledger.fixtures.js';
import { ledgerEntries } from './ledger.table.js';

// Issue 20 point 5 (decision 042): account-api's answer, byte for byte, against the answer the first version built
// (Drizzle rows, a running sum, the PNRs, then the contract's zod serialisation and JSON.stringify), recomputed here
// from the table itself. Charges with discounts, payments, reversals, back-dated rows, rows sharing a date, a row
// without a booking, a row on another agent's booking, a negative balance and texts JSON must escape.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let noAgency: { user: UserRow; token: string };

const D = daysFromToday;
const TRICKY_TEXT = 'Booking "LHE-JED" \\ back\\slash\nnew line\ttab \u0001 é ✓ 😀 \u2028 </script>';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Bytes Admin' });
  agentA = await insertAgentWithToken(t.db, { name: 'Ahmed "AR" Raza', agencyName: 'Alpha / Travels' });
  agentB = await insertAgentWithToken(t.db, { name: 'Bilal Shah', agencyName: 'Beta Tours' });
  noAgency = await insertAgentWithToken(t.db, { name: 'Solo Agent' });
  await t.db.update(users).set({ agencyName: null }).where(eq(users.id, noAgency.user.id));
  const first = await insertBookableGroup(t.db, { totalTicket: 30, price: 100_000, infantPrice: 20_000 });
  const second = await insertBookableGroup(t.db, { totalTicket: 30, price: 85_000, infantPrice: 15_000 });

  // Charged with a discount and part paid; charged and cancelled; paid in full then cancelled (negative balance).
  const b1 = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: first.pnr, adults: 2 });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: b1, discount: 20_000, receivePayment: 50_000 });
  const b2 = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: second.pnr, adults: 1, infants: 1 });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: b2 });
  await cancelAsAdmin(t.app, { token: admin.token, bookingId: b2 });
  const b3 = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: second.pnr, adults: 3 });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: b3, receivePayment: 255_000 });
  await cancelAsAdmin(t.app, { token: admin.token, bookingId: b3 });
  const b4 = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: first.pnr, adults: 1 });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: b4, receivePayment: 100_000 });
  // A hold: no row.
  await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: first.pnr });
  const bB = await bookAsAgent(t.app, multipart, { token: agentB.token, pnr: second.pnr });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: bB, receivePayment: 10_000 });

  // Back-dated rows: posted later, dated earlier; two rows share D(-7); b4 keeps today's date for both its rows.
  await setEntryDate(t.db, { bookingId: b1, type: 'out', date: D(-10) });
  await setEntryDate(t.db, { bookingId: b1, type: 'in', date: D(-5) });
  await setEntryDate(t.db, { bookingId: b2, type: 'out', date: D(-7) });
  await setEntryDate(t.db, { bookingId: b2, type: 'reversal', date: D(-2) });
  await setEntryDate(t.db, { bookingId: b3, type: 'out', date: D(-30) });
  await setEntryDate(t.db, { bookingId: b3, type: 'in', date: D(-7) });
  await setEntryDate(t.db, { bookingId: b3, type: 'reversal', date: D(-6) });
  // A row with no booking, and a row on agent B's booking posted to agent A (both only possible by hand).
  await t.db.insert(ledgerEntries).values([
    { agentUserId: agentA.user.id, type: 'out', amount: 1_234, entryDate: D(-8), text: TRICKY_TEXT },
    { agentUserId: agentA.user.id, bookingId: bB, type: 'out', amount: 7, entryDate: D(-1), text: '' },
    { agentUserId: noAgency.user.id, type: 'out', amount: 999, entryDate: D(-3), text: 'Opening' },
  ]);
  await t.db.update(ledgerEntries).set({ text: `${TRICKY_TEXT} (b4)` }).where(eq(ledgerEntries.bookingId, b4));
});
afterAll(() => t.close());

/** The first version's answer, from the table: rows by date then id, running balance, PNR by booking, zod, JSON.stringify. */
async function expectedBody(stale: UserRow, range?: { from: string; to: string }): Promise<string> {
  const [agent] = await t.db.select().from(users).where(eq(users.id, stale.id));
  if (!agent) throw new Error('no agent');
  const all = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.agentUserId, agent.id)).orderBy(asc(ledgerEntries.id));
  all.sort((a, b) => (a.entryDate < b.entryDate ? -1 : a.entryDate > b.entryDate ? 1 : a.id - b.id));
  const signed = (row: (typeof all)[number]) => (row.type === 'out' ? row.amount : -row.amount);
  const opening = range ? all.filter((row) => row.entryDate < range.from).reduce((sum, row) => sum + signed(row), 0) : 0;
  const listed = range ? all.filter((row) => row.entryDate >= range.from && row.entryDate <= range.to) : all;
  const bookingIds = listed.flatMap((row) => (row.bookingId === null ? [] : [row.bookingId]));
  const pnrs = new Map<number, string>();
  if (bookingIds.length > 0) {
    const found = await t.db
      .select({ id: bookings.id, pnr: groups.pnr })
      .from(bookings)
      .innerJoin(groups, eq(groups.id, bookings.groupId))
      .where(inArray(bookings.id, bookingIds));
    for (const row of found) pnrs.set(row.id, row.pnr);
  }
  let balance = opening;
  const rows = listed.map((row) => {
    balance += signed(row);
    return {
      id: row.id,
      receive_date: row.entryDate,
      text: row.text,
      type: row.type,
      receive_amount: row.amount,
      balance,
      pnr: row.bookingId === null ? null : (pnrs.get(row.bookingId) ?? null),
      booking: row.bookingId,
    };
  });
  const report: AccountReport = {
    agent: { agent_id: agent.agentId ?? 0, name: agent.name, agency_name: agent.agencyName },
    type: range ? 'date' : 'all',
    from: range?.from ?? null,
    to: range?.to ?? null,
    opening_balance: opening,
    closing_balance: balance,
    rows,
  };
  return JSON.stringify(accountReportResponseSchema.parse({ data: report }));
}

let asked = 0;

/**
 * The answer computed now: a query of its own each time, so the read cache (which keys on it) never answers. Asked
 * gzipped (the whole ledger's gzip is made from blocks the ledger store keeps, decision 050), then plain (the read
 * cache's copy of the same answer): both must be the same text.
 */
async function body(payload: Record<string, unknown>, token: string): Promise<string> {
  asked += 1;
  const url = `/api/account-api?asked=${asked}`;
  const zipped = await t.app.inject({ method: 'POST', url, payload, headers: { ...bearer(token), 'accept-encoding': 'gzip' } });
  expect(zipped.statusCode, zipped.body).toBe(200);
  expect(zipped.headers['content-type']).toBe('application/json; charset=utf-8');
  const text = zipped.headers['content-encoding'] === 'gzip' ? gunzipSync(zipped.rawPayload).toString() : zipped.body;
  const response = await t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  expect(response.headers['content-type']).toBe('application/json; charset=utf-8');
  expect(text).toBe(response.body);
  return response.body;
}

describe('POST /api/account-api: the answer byte for byte', () => {
  it('when an admin or the agent asks for all, then the bytes are the first version’s, negative balance and escapes included', async () => {
    const expected = await expectedBody(agentA.user);
    expect(expected).toContain('"balance":-');
    expect(expected).toContain('"pnr":null,"booking":null');
    expect(await body({ agent_id: agentA.user.agentId, type: 'all' }, admin.token)).toBe(expected);
    expect(await body({ type: 'all' }, agentA.token)).toBe(expected);
    expect((JSON.parse(expected) as { data: AccountReport }).data.rows).toHaveLength(11);
  });

  it('when ranges cut the ledger, then the bytes are the first version’s, opening balance included', async () => {
    for (const range of [
      { from: D(-7), to: D(-5) },
      { from: D(-30), to: D(-30) },
      { from: D(-1), to: D(0) },
      { from: D(-60), to: D(60) },
      { from: D(1), to: D(5) },
      { from: D(-29), to: D(-11) },
    ]) {
      expect(await body({ agent_id: agentA.user.agentId, type: 'date', ...range }, admin.token), JSON.stringify(range)).toBe(await expectedBody(agentA.user, range));
    }
  });

  it('when the agent has no agency name or no rows at all, then the bytes are the first version’s', async () => {
    expect(await body({ type: 'all' }, noAgency.token)).toBe(await expectedBody(noAgency.user));
    expect(await body({ agent_id: agentB.user.agentId, type: 'all' }, admin.token)).toBe(await expectedBody(agentB.user));
    const empty = await insertAgentWithToken(t.db, { name: 'Empty Agent' });
    expect(await body({ type: 'all' }, empty.token)).toBe(await expectedBody(empty.user));
    expect(await body({ type: 'date', from: D(-1), to: D(0) }, empty.token)).toBe(await expectedBody(empty.user, { from: D(-1), to: D(0) }));
  });

  // Decision 049: each row's balance and text are stored, kept by the database's triggers; every way a row or its PNR
  // changes must leave the bytes the first version computed from the table.
  it('when a group’s PNR is edited, a row changes amount, date or booking, rows are removed and posted back-dated, then the bytes are the first version’s', async () => {
    const agent = await insertAgentWithToken(t.db, { name: 'Changing Agent', agencyName: 'Gamma' });
    const group = await insertBookableGroup(t.db, { totalTicket: 20, price: 50_000, infantPrice: 10_000 });
    const other = await insertBookableGroup(t.db, { totalTicket: 20, price: 40_000, infantPrice: 10_000 });
    const first = await bookAsAgent(t.app, multipart, { token: agent.token, pnr: group.pnr, adults: 2 });
    await confirmAsAdmin(t.app, { token: admin.token, bookingId: first, receivePayment: 30_000 });
    const second = await bookAsAgent(t.app, multipart, { token: agent.token, pnr: other.pnr });
    await confirmAsAdmin(t.app, { token: admin.token, bookingId: second, receivePayment: 5_000 });
    const all = async () => expect(await body({ type: 'all' }, agent.token)).toBe(await expectedBody(agent.user));
    const ranged = async () => expect(await body({ type: 'date', from: D(-8), to: D(-2) }, agent.token)).toBe(await expectedBody(agent.user, { from: D(-8), to: D(-2) }));
    await all();

    await t.db.update(groups).set({ pnr: 'EDITED "PNR"' }).where(eq(groups.id, group.id));
    await all();
    await t.db.update(bookings).set({ groupId: other.id }).where(eq(bookings.id, first));
    await all();
    await setEntryDate(t.db, { bookingId: first, type: 'out', date: D(-9) });
    await t.db.update(ledgerEntries).set({ amount: 12_345 }).where(and(eq(ledgerEntries.bookingId, first), eq(ledgerEntries.type, 'in')));
    await all();
    await ranged();
    // Several agents' rows in one statement, inserted out of date order.
    await t.db.insert(ledgerEntries).values([
      { agentUserId: agent.user.id, type: 'out', amount: 500, entryDate: D(-3), text: 'late' },
      { agentUserId: agentB.user.id, type: 'out', amount: 70, entryDate: D(-20), text: 'B early' },
      { agentUserId: agent.user.id, type: 'out', amount: 900, entryDate: D(-12), text: 'early' },
    ]);
    await all();
    await ranged();
    expect(await body({ agent_id: agentB.user.agentId, type: 'all' }, admin.token)).toBe(await expectedBody(agentB.user));
    await t.db.update(ledgerEntries).set({ agentUserId: agentB.user.id }).where(eq(ledgerEntries.text, 'early'));
    await all();
    expect(await body({ agent_id: agentB.user.agentId, type: 'all' }, admin.token)).toBe(await expectedBody(agentB.user));
    await t.db.delete(ledgerEntries).where(and(eq(ledgerEntries.agentUserId, agent.user.id), eq(ledgerEntries.entryDate, D(-9))));
    await all();
    await ranged();
  });
});
