import { and, eq, inArray, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import type { UserRow } from '../users/users.table.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestBookingState } from '../bookings/booking-lifecycle.factories.js';
import { bookingFields, ignorePoolErrorsAtClose, insertAgentWithToken, insertBookableGroup, passenger, postBooking } from '../bookings/bookings.fixtures.js';
import { bookings, holdsSeats } from '../bookings/bookings.table.js';
import { sweepExpiredHolds } from '../bookings/hold-sweeper.js';
import { countSoldSeats, sumSoldSeats } from './groups.repository.js';
import { groupSeats, type GroupRow } from './groups.table.js';

// Decision 043: sold seats are read as group_seats (kept by a trigger) plus the unexpired holds. Every write below is
// followed by the comparison with the sum every read made before (adults + children of the bookings holdsSeats keeps
// now): the answers must be the same at every instant, a hold past its cancel_at not yet swept included.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  ignorePoolErrorsAtClose(t.db);
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agent = await insertUserWithToken(t.db, { agencyName: 'Seat Travels' });
});
afterAll(() => t.close());

/** The sold seats as every read computed them before decision 043: one pass over the groups' live bookings. */
async function recomputedSold(groupIds: number[]): Promise<Map<number, number>> {
  const rows = await t.db
    .select({ groupId: bookings.groupId, sold: sql<number>`sum(${bookings.adults} + ${bookings.children})::int`.mapWith(Number) })
    .from(bookings)
    .where(and(inArray(bookings.groupId, groupIds), holdsSeats))
    .groupBy(bookings.groupId);
  return new Map(rows.map((row) => [row.groupId, row.sold]));
}

/** group_seats against its definition, over every group: standing seats = live bookings confirmed or without cancel_at. */
async function expectStandingExact(): Promise<void> {
  const stored = await t.db.select().from(groupSeats).where(sql`${groupSeats.standingSeats} <> 0`);
  const recomputed = await t.db
    .select({ groupId: bookings.groupId, standingSeats: sql<number>`sum(${bookings.adults} + ${bookings.children})::int`.mapWith(Number) })
    .from(bookings)
    .where(sql`not ${bookings.cancelStatus} and (${bookings.confirmed} or ${bookings.cancelAt} is null)`)
    .groupBy(bookings.groupId);
  const byGroup = (rows: Array<{ groupId: number; standingSeats: number }>) => rows.map((row) => [row.groupId, row.standingSeats]).sort((a, b) => a[0]! - b[0]!);
  expect(byGroup(stored)).toEqual(byGroup(recomputed));
}

async function expectExact(groupIds: number[]): Promise<void> {
  const expected = await recomputedSold(groupIds);
  expect(await sumSoldSeats({ db: t.db, groupIds })).toEqual(expected);
  for (const groupId of groupIds) expect(await countSoldSeats({ db: t.db, groupId })).toBe(expected.get(groupId) ?? 0);
  await expectStandingExact();
}

async function booking(group: GroupRow, state: TestBookingState, options: { adults?: number; cancelAt?: Date | null } = {}) {
  const { booking: row } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group,
    addedBy: agent.user.id,
    agentUserId: agent.user.id,
    state,
    ...options,
  });
  return row.id;
}

const confirm = (bookingId: number, sure?: 1) =>
  t.app.inject({ method: 'POST', url: '/api/confirmbooking', payload: { booking_id: bookingId, discount: 0, receive_payment: 0, ...(sure ? { sure } : {}) }, headers: bearer(admin.token) });
const cancel = (bookingId: number, token = admin.token) => t.app.inject({ method: 'GET', url: `/api/cancelbooking/${bookingId}`, headers: bearer(token) });

describe('sold seats from group_seats and the unexpired holds (decision 043)', () => {
  it('when bookings are held, confirmed, cancelled, re-confirmed, expire, are swept, change counts or group, or are deleted, then the stored way answers the old sum after each write', async () => {
    const { group: a } = await insertTestGroup(t.db, { totalTicket: 60 });
    const { group: b } = await insertTestGroup(t.db, { totalTicket: 60 });
    const { group: untouched } = await insertTestGroup(t.db, { totalTicket: 60 });
    const ids = [a.id, b.id, untouched.id];
    await expectExact(ids);

    const hold = await booking(a, 'hold', { adults: 2 });
    await expectExact(ids);
    expect((await sumSoldSeats({ db: t.db, groupIds: ids })).get(a.id)).toBe(2);
    expect((await confirm(hold)).statusCode).toBe(200);
    await expectExact(ids);

    const agentHold = await booking(a, 'hold', { adults: 3 });
    expect((await cancel(agentHold, agent.token)).statusCode).toBe(200);
    await expectExact(ids);

    // An admin cancels the confirmed booking, then re-confirms it (sure: it was cancelled).
    expect((await cancel(hold)).statusCode).toBe(200);
    await expectExact(ids);
    expect((await confirm(hold, 1)).statusCode).toBe(200);
    await expectExact(ids);

    // A hold past its cancel_at holds nothing, before the sweeper cancels it and after.
    const expiring = await booking(a, 'hold', { adults: 4 });
    const sweptLater = await booking(b, 'hold', { adults: 1 });
    await expectExact(ids);
    await t.db.update(bookings).set({ cancelAt: new Date(Date.now() - 60_000) }).where(inArray(bookings.id, [expiring, sweptLater]));
    await expectExact(ids);
    expect((await sumSoldSeats({ db: t.db, groupIds: ids })).get(b.id)).toBeUndefined();
    // Confirming the expired hold before the sweep (sure) makes its seats standing again.
    expect((await confirm(expiring, 1)).statusCode).toBe(200);
    await expectExact(ids);
    expect((await sweepExpiredHolds({ db: t.db })).map((hold) => hold.id)).toContain(sweptLater);
    await expectExact(ids);

    // Hold time extended back into the future, and a hold without cancel_at (holds until confirmed or cancelled).
    const extended = await booking(b, 'hold', { adults: 2, cancelAt: new Date(Date.now() - 1_000) });
    await expectExact(ids);
    await t.db.update(bookings).set({ cancelAt: new Date(Date.now() + 3_600_000) }).where(eq(bookings.id, extended));
    await expectExact(ids);
    const open = await booking(b, 'hold', { adults: 1, cancelAt: null });
    await expectExact(ids);
    await t.db.update(bookings).set({ cancelAt: new Date(Date.now() + 60_000) }).where(eq(bookings.id, open));
    await expectExact(ids);
    await t.db.update(bookings).set({ cancelAt: null }).where(eq(bookings.id, open));
    await expectExact(ids);

    // Counts changed, a booking moved to another group, several rows in one statement, a delete.
    await t.db.update(bookings).set({ adults: 5, children: 1, totalAmount: 6 * a.price }).where(eq(bookings.id, hold));
    await expectExact(ids);
    await t.db.update(bookings).set({ groupId: b.id }).where(eq(bookings.id, hold));
    await expectExact(ids);
    const many = [await booking(a, 'confirmed', { adults: 2 }), await booking(a, 'confirmed'), await booking(a, 'cancelled', { adults: 3 })];
    await expectExact(ids);
    await t.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(inArray(bookings.id, many.slice(0, 2)));
    await expectExact(ids);
    await t.db.update(bookings).set({ cancelStatus: false, cancelledAt: null }).where(eq(bookings.groupId, a.id));
    await expectExact(ids);
    await t.db.delete(bookings).where(eq(bookings.id, many[0]!));
    await expectExact(ids);
    expect((await sumSoldSeats({ db: t.db, groupIds: ids })).has(untouched.id)).toBe(false);
  });

  it('when agents hold and admins book through add-booking, then the stored way answers the old sum and add-booking still refuses the seat too many', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 4 });
    const booker = await insertAgentWithToken(t.db);
    const post = (token: string, adults: number, extra: Record<string, string> = {}) =>
      postBooking(t.app, token, multipart(bookingFields({ pnr: group.pnr, passengers: Array.from({ length: adults }, () => passenger({ type: 'adult' })), extra })));
    expect((await post(booker.token, 2)).statusCode).toBe(201);
    await expectExact([group.id]);
    expect((await post(admin.token, 1)).statusCode).toBe(201);
    await expectExact([group.id]);
    expect((await post(booker.token, 2)).statusCode).toBe(409);
    await expectExact([group.id]);
    // The agent's hold expires unswept: its two seats are free again for add-booking's count under the lock.
    await t.db.update(bookings).set({ cancelAt: new Date(Date.now() - 1_000) }).where(and(eq(bookings.groupId, group.id), eq(bookings.confirmed, false)));
    await expectExact([group.id]);
    expect((await post(booker.token, 3)).statusCode).toBe(201);
    await expectExact([group.id]);
    expect((await recomputedSold([group.id])).get(group.id)).toBe(4);
  });

  it.runIf(process.env.TEST_DB === 'postgres')(
    'when add-bookings, confirms and cancels of one group run in parallel transactions, then the stored value equals the recomputed sum and nothing is oversold',
    async () => {
      const group = await insertBookableGroup(t.db, { totalTicket: 12 });
      const agents = await Promise.all(Array.from({ length: 16 }, () => insertAgentWithToken(t.db)));
      const confirmedIds = [];
      const holdIds = [];
      for (let index = 0; index < 3; index += 1) confirmedIds.push(await booking(group, 'confirmed', { adults: 1 }));
      for (let index = 0; index < 3; index += 1) holdIds.push(await booking(group, 'hold', { adults: 1 }));
      await expectExact([group.id]);

      const answers = await Promise.all([
        ...agents.map((each) => postBooking(t.app, each.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })))),
        ...confirmedIds.map((id) => cancel(id)),
        ...holdIds.slice(0, 2).map((id) => confirm(id)),
        cancel(holdIds[2]!),
      ]);
      expect(answers.filter((answer) => answer.statusCode >= 500)).toEqual([]);
      await expectExact([group.id]);
      const sold = (await recomputedSold([group.id])).get(group.id) ?? 0;
      expect(sold).toBeLessThanOrEqual(12);
      expect(answers.slice(0, agents.length).filter((answer) => answer.statusCode === 201).length).toBeGreaterThanOrEqual(12 - 2 - 3);
    },
  );
});
