import type { AccountReport } from '@portal/contract/ledger';
import type { BookingListRow } from '@portal/contract/booking-lifecycle';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from 'vitest';
import { agentScope, BOOKINGS_SCOPE, groupScope, LEDGER_KEEP_MS, LEDGERS_SCOPE, ledgerScope, writeScopesOf } from '../../plugins/change-scopes.js';
import { READ_CACHE_TTL_MS } from '../../plugins/read-cache.js';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { daysFromToday, insertAgentWithToken, insertBookableGroup } from '../bookings/bookings.fixtures.js';
import type { GroupRow } from '../groups/groups.table.js';
import type { UserRow } from '../users/users.table.js';
import { bookAsAgent, cancelAsAdmin, confirmAsAdmin } from './ledger.fixtures.js';
import { ledgerEntries } from './ledger.table.js';

/**
 * Decision 044: an agent's cached ledger (account-api) is dropped by the writes that post to it, not by every write
 * on its bookings. To see whether an answer was kept, a test writes a ledger row behind the cache's back (straight
 * into the database): a kept answer does not show it, a computed one does.
 */
let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let group: GroupRow;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Ledger Cache Admin' });
  agentA = await insertAgentWithToken(t.db, { name: 'Cache A', agencyName: 'Alpha' });
  agentB = await insertAgentWithToken(t.db, { name: 'Cache B', agencyName: 'Beta' });
  group = await insertBookableGroup(t.db, { totalTicket: 30, price: 100_000, infantPrice: 20_000 });
});
afterAll(() => t.close());
beforeEach(() => t.dataChanged());
afterEach(() => vi.useRealTimers());

async function ledgerOf(token: string, agentNumber?: number): Promise<AccountReport> {
  const payload = agentNumber === undefined ? { type: 'all' } : { type: 'all', agent_id: agentNumber };
  const response = await t.app.inject({ method: 'POST', url: '/api/account-api', payload, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: AccountReport }).data;
}

const rowIds = (report: AccountReport) => report.rows.map((row) => row.id);

/** A ledger row the cache cannot know about. */
async function behindTheCache(agent: { user: UserRow }): Promise<number> {
  const [row] = await t.db
    .insert(ledgerEntries)
    .values({ agentUserId: agent.user.id, bookingId: null, type: 'out', amount: 1_000, entryDate: daysFromToday(-1), text: 'behind the cache' })
    .returning({ id: ledgerEntries.id });
  return row!.id;
}

async function ownBookingIds(token: string): Promise<number[]> {
  const response = await t.app.inject({ method: 'GET', url: '/api/agnetlistofbookings?page=1', headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as BookingListRow[]).map((row) => row.id);
}

describe('the ledger in the read cache (decision 044)', () => {
  it("when agent A holds a booking and cancels a hold, then A's own list shows them at once and A's cached ledger is kept (nothing was posted)", async () => {
    const before = await ledgerOf(agentA.token);
    const adminBefore = await ledgerOf(admin.token, agentA.user.agentId!);
    const unseen = await behindTheCache(agentA);

    const hold = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: group.pnr });
    expect(await ownBookingIds(agentA.token)).toContain(hold);
    expect(await ledgerOf(agentA.token)).toEqual(before);
    const cancelled = await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${hold}`, headers: bearer(agentA.token) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(await ledgerOf(agentA.token)).toEqual(before);
    expect(await ledgerOf(admin.token, agentA.user.agentId!)).toEqual(adminBefore);

    // Computed again, the same ledger shows the row written behind the cache: it was kept, not unchanged.
    t.dataChanged();
    expect(rowIds(await ledgerOf(agentA.token))).toContain(unseen);
  });

  it("when the admin confirms A's hold, records a payment and cancels the confirmed booking, then A's ledger and the admin's report of A show each row at once, and B's cached ledger is kept", async () => {
    const hold = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: group.pnr });
    t.dataChanged();
    const aBefore = await ledgerOf(agentA.token);
    await ledgerOf(admin.token, agentA.user.agentId!);
    const bBefore = await ledgerOf(agentB.token);
    const unseenA = await behindTheCache(agentA);
    await behindTheCache(agentB);

    await confirmAsAdmin(t.app, { token: admin.token, bookingId: hold });
    const confirmed = await ledgerOf(agentA.token);
    expect(confirmed.rows.filter((row) => row.booking === hold).map((row) => row.type)).toEqual(['out']);
    expect(rowIds(confirmed)).toContain(unseenA);
    expect(confirmed.closing_balance).toBe(aBefore.closing_balance + 1_000 + 100_000);
    expect(await ledgerOf(admin.token, agentA.user.agentId!)).toEqual(confirmed);
    expect(await ledgerOf(agentB.token)).toEqual(bBefore);

    const paid = await t.app.inject({
      method: 'POST',
      url: '/api/update-booking-payment',
      payload: { booking_id: hold, receive_amount: 30_000, receive_date: daysFromToday(0), text: 'Cash' },
      headers: bearer(admin.token),
    });
    expect(paid.statusCode, paid.body).toBe(200);
    expect((await ledgerOf(agentA.token)).rows.filter((row) => row.booking === hold).map((row) => row.type)).toEqual(['out', 'in']);

    await cancelAsAdmin(t.app, { token: admin.token, bookingId: hold });
    const reversed = await ledgerOf(agentA.token);
    expect(reversed.rows.filter((row) => row.booking === hold).map((row) => row.type)).toEqual(['out', 'in', 'reversal']);
    expect(await ledgerOf(admin.token, agentA.user.agentId!)).toEqual(reversed);
    expect(await ledgerOf(agentB.token)).toEqual(bBefore);
  });

  it("when nothing posts to a ledger, then it is kept for a minute, past the other reads' 5 s", async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const before = await ledgerOf(agentA.token);
    const unseen = await behindTheCache(agentA);
    vi.setSystemTime(Date.now() + READ_CACHE_TTL_MS + 1_000);
    expect(await ledgerOf(agentA.token)).toEqual(before);
    vi.setSystemTime(Date.now() + LEDGER_KEEP_MS);
    expect(rowIds(await ledgerOf(agentA.token))).toContain(unseen);
  });

  it('when a booking write is announced, then the ledger scopes come with the writes that post to it only', async () => {
    const hold = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: group.pnr });
    const scopesOf = (url: string, body: object, payload: unknown = '{}') =>
      writeScopesOf({ db: t.db, request: { params: { id: String(hold) }, body, user: null } as never, url, payload });
    const bookingScopes = [BOOKINGS_SCOPE, groupScope(group.id), agentScope(agentA.user.id)];
    const withLedger = [...bookingScopes, ledgerScope(agentA.user.id), LEDGERS_SCOPE];

    // A hold: made, edited, cancelled; none posts.
    expect(await scopesOf('/api/add-booking', {}, JSON.stringify({ data: { id: hold } }))).toEqual(bookingScopes);
    expect(await scopesOf('/api/booking-update', { booking_id: hold })).toEqual(bookingScopes);
    expect(await scopesOf(`/api/cancelbooking/:id`, {})).toEqual(bookingScopes);
    // Confirming and paying post; so do a confirmed booking's cancel and a booking made confirmed.
    expect(await scopesOf('/api/confirmbooking', { booking_id: hold })).toEqual(withLedger);
    expect(await scopesOf('/api/update-booking-payment', { booking_id: hold })).toEqual(withLedger);
    await confirmAsAdmin(t.app, { token: admin.token, bookingId: hold });
    expect(await scopesOf(`/api/cancelbooking/:id`, {})).toEqual(withLedger);
    expect(await scopesOf('/api/add-booking', {}, JSON.stringify({ data: { id: hold } }))).toEqual(withLedger);
  });
});
