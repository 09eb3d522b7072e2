import type { BookingListRow } from '@portal/contract/booking-lifecycle';
import type { Ticket } from '@portal/contract/tickets';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestGroup } from '../modules/bookings/booking-lifecycle.factories.js';
import { notifications } from '../modules/notifications/notifications.table.js';
import type { UserRow } from '../modules/users/users.table.js';
import { bookingFields, insertBookableGroup, passenger, postBooking } from '../modules/bookings/bookings.fixtures.js';
import { bookAsAgent } from '../modules/ledger/ledger.fixtures.js';
import { buildApp } from '../app.js';
import { bookings } from '../modules/bookings/bookings.table.js';
import { bearer, buildTestApp, multipart, type TestApp } from '../test/helpers.js';
import { agentScope, BOOKINGS_SCOPE, groupScope, LEDGERS_SCOPE, ledgerScope, noteWrittenBooking, notificationsScope, writeScopesOf } from './change-scopes.js';

/**
 * Decision 040: a write drops only the cached reads it may have altered. To see what stayed cached, a test writes a
 * row behind the cache's back (straight into the database, which the cache cannot see): a kept answer does not show
 * it, a dropped one does.
 */
let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let groupOne: TestGroup;
let groupTwo: TestGroup;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Scopes Admin' });
  agentA = await insertUserWithToken(t.db, { name: 'Scopes A' });
  agentB = await insertUserWithToken(t.db, { name: 'Scopes B' });
  groupOne = await insertTestGroup(t.db, { totalTicket: 20 });
  groupTwo = await insertTestGroup(t.db, { totalTicket: 20 });
});
afterAll(() => t.close());
beforeEach(() => t.dataChanged());

const get = (url: string, token: string) => t.app.inject({ method: 'GET', url, headers: bearer(token) });
const post = (url: string, token: string, payload: object) => t.app.inject({ method: 'POST', url, headers: bearer(token), payload });

async function ownIds(token: string): Promise<number[]> {
  const response = await get('/api/agnetlistofbookings?page=1', token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as BookingListRow[]).map((row) => row.id);
}

async function allIds(): Promise<number[]> {
  const response = await get('/api/listofbookings?page=1', admin.token);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json().data as BookingListRow[]).map((row) => row.id);
}

/** Sold seats of the group as search-flights shows it to this caller. */
async function soldOnSearch(group: TestGroup, token: string): Promise<number> {
  const [departure, arrival] = group.sector.split(' - ');
  const response = await post('/api/search-flights', token, { departure, arrival, date: group.group.departureDate });
  expect(response.statusCode, response.body).toBe(200);
  const ticket = (response.json().data as Ticket[]).find((candidate) => candidate.id === group.group.id);
  return ticket!.sold;
}

const behindTheCache = (group: TestGroup, agent: { user: UserRow }) =>
  insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: agent.user.id, agentUserId: agent.user.id });

describe('read cache scopes (decision 040)', () => {
  it("when agent A cancels its hold, then A's list and the admin's list show it at once and agent B's cached list is kept", async () => {
    const hold = (await behindTheCache(groupOne, agentA)).booking.id;
    expect(await ownIds(agentA.token)).toContain(hold);
    const bListBefore = await ownIds(agentB.token);
    expect(await allIds()).toContain(hold);
    const unseen = (await behindTheCache(groupTwo, agentB)).booking.id;

    const cancelled = await get(`/api/cancelbooking/${hold}`, agentA.token);
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const aRows = (await get('/api/agnetlistofbookings?page=1', agentA.token)).json().data as BookingListRow[];
    expect(aRows.find((row) => row.id === hold)?.cancel_status).toBe(1);
    const adminRows = (await get('/api/listofbookings?page=1', admin.token)).json().data as BookingListRow[];
    expect(adminRows.find((row) => row.id === hold)?.cancel_status).toBe(1);
    // The admin's list depends on every booking: it was computed again and shows B's row written behind the cache.
    expect(adminRows.map((row) => row.id)).toContain(unseen);
    // B's list depends on B's bookings only: A's cancel kept it, so B's row written behind the cache is not in it yet.
    expect(await ownIds(agentB.token)).toEqual(bListBefore);
    t.dataChanged();
    expect(await ownIds(agentB.token)).toContain(unseen);
  });

  it("when a booking changes one group's seats, then every caller's search shows them at once and a search without that group is kept", async () => {
    const soldOne = await soldOnSearch(groupOne, agentA.token);
    // One answer for every signed-in caller: B gets A's.
    expect(await soldOnSearch(groupOne, agentB.token)).toBe(soldOne);
    const soldTwo = await soldOnSearch(groupTwo, agentB.token);
    await behindTheCache(groupTwo, agentB);
    const hold = (await behindTheCache(groupOne, agentA)).booking.id;
    t.dataChanged();
    const heldOne = await soldOnSearch(groupOne, agentB.token);
    expect(heldOne).toBe(soldOne + 1);
    const keptTwo = await soldOnSearch(groupTwo, agentA.token);

    expect((await get(`/api/cancelbooking/${hold}`, agentA.token)).statusCode).toBe(200);
    // B never wrote, yet reads after A's write see it.
    expect(await soldOnSearch(groupOne, agentB.token)).toBe(heldOne - 1);
    // Group two's seats did not change through the API: its search answer stayed cached.
    await behindTheCache(groupTwo, agentB);
    expect(await soldOnSearch(groupTwo, agentA.token)).toBe(keptTwo);
    expect(keptTwo).toBeGreaterThan(soldTwo);
  });

  it("when a user gets a notification, then that user's list shows it and another user's cached list is kept", async () => {
    const totalOf = async (token: string) => (await get('/api/listofnotification?page=1', token)).json().total as number;
    const adminBefore = await totalOf(admin.token);
    const bBefore = await totalOf(agentB.token);
    await t.db.insert(notifications).values({ userId: agentB.user.id, senderUserId: null, bookingId: null, name: 'System', message: 'behind the cache', image: null });
    await t.app.notifier.notifyAdmins({ senderUserId: agentA.user.id, bookingId: null, message: 'to the admins' });
    expect(await totalOf(admin.token)).toBe(adminBefore + 1);
    expect(await totalOf(agentB.token)).toBe(bBefore);
    t.dataChanged();
    expect(await totalOf(agentB.token)).toBe(bBefore + 1);
  });

  it('when someone signs in, then the ticket reads and the bookings stay cached and only the reads that depend on every change are dropped', async () => {
    const agentsTotal = async () => (await get('/api/listofagents?page=1', admin.token)).json().total as number;
    const sold = await soldOnSearch(groupOne, agentA.token);
    const own = await ownIds(agentA.token);
    const agentsBefore = await agentsTotal();
    const newcomer = await t.createAgent();
    await behindTheCache(groupOne, agentA);
    expect(await agentsTotal()).toBe(agentsBefore);

    await t.loginAs(newcomer.email, newcomer.password);
    expect(await soldOnSearch(groupOne, agentA.token)).toBe(sold);
    expect(await ownIds(agentA.token)).toEqual(own);
    expect(await agentsTotal()).toBe(agentsBefore + 1);
    // What stayed was out of date only because the row was written behind the cache's back.
    t.dataChanged();
    expect(await soldOnSearch(groupOne, agentA.token)).toBe(sold + 1);
  });

  it("when the sweeper cancels an expired hold, then its group's seats and its agent's bookings show it at once, and another group's cached search is kept", async () => {
    const app = await buildApp({ config: t.config, db: t.db, holdSweeper: { intervalMs: 50 } });
    try {
      const soldIn = async (group: TestGroup) => {
        const [departure, arrival] = group.sector.split(' - ');
        const payload = { departure, arrival, date: group.group.departureDate };
        const response = await app.inject({ method: 'POST', url: '/api/search-flights', headers: bearer(agentB.token), payload });
        return (response.json().data as Ticket[]).find((ticket) => ticket.id === group.group.id)!.sold;
      };
      const holdInOwnList = async () =>
        ((await app.inject({ method: 'GET', url: '/api/agnetlistofbookings?page=1', headers: bearer(agentA.token) })).json().data as BookingListRow[]).find(
          (row) => row.id === hold,
        );
      const hold = (await behindTheCache(groupOne, agentA)).booking.id;
      const soldOne = await soldIn(groupOne);
      const soldTwo = await soldIn(groupTwo);
      expect(await holdInOwnList()).toMatchObject({ cancel_status: 0 });
      await behindTheCache(groupTwo, agentB);
      await t.db.update(bookings).set({ cancelAt: new Date(Date.now() - 60_000) }).where(eq(bookings.id, hold));

      const deadline = Date.now() + 10_000;
      while ((await soldIn(groupOne)) !== soldOne - 1 && Date.now() < deadline) await new Promise((resolve) => setTimeout(resolve, 25));
      expect(await soldIn(groupOne)).toBe(soldOne - 1);
      expect(await holdInOwnList()).toMatchObject({ cancel_status: 1 });
      // Group two's seats did not change through the portal: its search answer stayed cached.
      expect(await soldIn(groupTwo)).toBe(soldTwo);
    } finally {
      await app.close();
    }
  });

  it('when another process announces scopes, then only the answers depending on them are dropped here', async () => {
    const aBefore = await ownIds(agentA.token);
    const bBefore = await ownIds(agentB.token);
    const aNew = (await behindTheCache(groupOne, agentA)).booking.id;
    const bNew = (await behindTheCache(groupOne, agentB)).booking.id;
    t.app.dataChanges.changedElsewhere([agentScope(agentA.user.id), groupScope(groupOne.group.id), notificationsScope(admin.user.id)]);
    expect(await ownIds(agentA.token)).toEqual([aNew, ...aBefore]);
    expect(await ownIds(agentB.token)).toEqual(bBefore);
    t.app.dataChanges.changedElsewhere();
    expect(await ownIds(agentB.token)).toContain(bNew);
  });

  it('when a write says what it changed, then the other processes hear the same scopes', async () => {
    const heard: Array<readonly string[] | null> = [];
    t.app.dataChanges.addPeerBroadcast((scopes) => heard.push(scopes));
    const hold = (await behindTheCache(groupTwo, agentA)).booking.id;
    expect((await get(`/api/cancelbooking/${hold}`, agentA.token)).statusCode).toBe(200);
    expect(heard).toContainEqual(['bookings', groupScope(groupTwo.group.id), agentScope(agentA.user.id)]);
    // An unknown write changes everything.
    heard.length = 0;
    t.app.dataChanges.changed();
    expect(heard).toEqual([null]);
  });

  it("when add-booking answers, then its scopes come from the new booking's id in the answer; without an id, everything", async () => {
    const booking = (await behindTheCache(groupTwo, agentB)).booking;
    const request = { params: {}, body: {}, user: null } as never;
    const url = '/api/add-booking';
    expect(await writeScopesOf({ db: t.db, request, url, payload: JSON.stringify({ data: { id: booking.id } }) })).toEqual([
      BOOKINGS_SCOPE,
      groupScope(groupTwo.group.id),
      agentScope(agentB.user.id),
    ]);
    expect(await writeScopesOf({ db: t.db, request, url, payload: '{"message":"no id"}' })).toBeNull();
    expect(await writeScopesOf({ db: t.db, request, url: '/api/addgroup', payload: '{}' })).toBeNull();
  });

  it('when a write noted its booking, then its scopes come from the note: neither the answer nor the booking is read', async () => {
    const request = { params: {}, body: {}, user: null } as never;
    noteWrittenBooking(request, { agentUserId: agentA.user.id, groupId: groupOne.group.id, confirmed: true });
    // The answer names no booking: without the note this is a change of everything.
    expect(await writeScopesOf({ db: t.db, request, url: '/api/add-booking', payload: '{"message":"no id"}' })).toEqual([
      BOOKINGS_SCOPE,
      groupScope(groupOne.group.id),
      agentScope(agentA.user.id),
      ledgerScope(agentA.user.id),
      LEDGERS_SCOPE,
    ]);
  });

  it("when add-booking books, then the scopes heard are its new booking's: an agent's hold, an admin's walk-in", async () => {
    const heard: Array<readonly string[] | null> = [];
    t.app.dataChanges.addPeerBroadcast((scopes) => heard.push(scopes));
    const bookable = await insertBookableGroup(t.db, { totalTicket: 5 });
    await bookAsAgent(t.app, multipart, { token: agentB.token, pnr: bookable.pnr });
    // Besides the admins' notifications (each its own scope).
    expect(heard).toContainEqual([BOOKINGS_SCOPE, groupScope(bookable.id), agentScope(agentB.user.id)]);
    expect(heard).not.toContainEqual(null);
    heard.length = 0;
    const walkIn = await postBooking(t.app, admin.token, multipart(bookingFields({ pnr: bookable.pnr, passengers: [passenger({ type: 'adult' })], extra: { walking: '1' } })));
    expect(walkIn.statusCode, walkIn.body).toBe(201);
    expect(heard).toContainEqual([BOOKINGS_SCOPE, groupScope(bookable.id)]);
    expect(heard).not.toContainEqual(null);
  });
});
