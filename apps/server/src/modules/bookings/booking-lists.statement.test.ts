import type { BookingDetailResponse, BookingListRow } from '@portal/contract/booking-lifecycle';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { airlines } from '../airlines/airlines.table.js';
import { BOOKING_COUNTS_COMPACT_AT } from '../dashboard/booking-counts.repository.js';
import { bookingCounts } from '../dashboard/booking-counts.table.js';
import { groupLegs, groups } from '../groups/groups.table.js';
import type { UserRow } from '../users/users.table.js';
import { listAllBookings, listBookings } from './booking-lifecycle.repository.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestGroup } from './booking-lifecycle.factories.js';
import { bookingPassengers, bookings } from './bookings.table.js';

/**
 * Decision 056: a list row's sector and logo come from the list's own statement, no longer from the legs read beside
 * it, and an unfiltered page carries its total (booking_counts) in the same statement. They must read as the booking detail reads them (getOutboundSector over the legs in position order) in every
 * layout, and in the odd ones too: a gap in the positions, fewer outbound legs than the direction says, no legs.
 */

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
const cases: Array<{ name: string; group: TestGroup; bookingId: number; sector: () => string }> = [];

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Sector Admin' });
  agent = await insertUserWithToken(t.db, { name: 'Sector Agent', agencyName: 'Sector Travels' });
  const add = async (name: string, group: TestGroup, sector: () => string) => {
    const { booking } = await insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: agent.user.id, agentUserId: agent.user.id });
    cases.push({ name, group, bookingId: booking.id, sector });
  };
  const direct = await insertTestGroup(t.db);
  await add('one way, direct', direct, () => direct.sector);
  const via = await insertTestGroup(t.db, { via: true });
  await add('one way, via', via, () => via.sector);
  const directReturn = await insertTestGroup(t.db, { returnDay: 40 });
  await add('return, direct', directReturn, () => directReturn.sector);
  const viaReturn = await insertTestGroup(t.db, { via: true, returnDay: 40 });
  await add('return, via', viaReturn, () => viaReturn.sector);

  // Positions 0 and 3 (a gap): the second leg in order is still the end of the outbound journey.
  const gap = await insertTestGroup(t.db, { via: true });
  await t.db.update(groupLegs).set({ position: 3 }).where(and(eq(groupLegs.groupId, gap.group.id), eq(groupLegs.position, 1)));
  await add('via, positions with a gap', gap, () => gap.sector);
  // A via direction over a single leg: the journey ends where that leg does.
  const short = await insertTestGroup(t.db);
  await t.db.update(groups).set({ direction: 2 }).where(eq(groups.id, short.group.id));
  await add('fewer legs than the direction', short, () => short.sector);
  const none = await insertTestGroup(t.db);
  await t.db.delete(groupLegs).where(eq(groupLegs.groupId, none.group.id));
  await add('no legs', none, () => '');
  // An airline without a logo.
  await t.db.update(airlines).set({ logoFileId: null }).where(eq(airlines.fullName, none.airlineName));
});
afterAll(() => t.close());

describe('the sector and logo of a list row (decision 056)', () => {
  it('when bookings of every layout are listed, then each row has the sector its booking detail has', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/agnetlistofbookings?page=1', headers: bearer(agent.token) });
    expect(response.statusCode, response.body).toBe(200);
    const rows = new Map((response.json().data as BookingListRow[]).map((row) => [row.id, row]));
    for (const { name, bookingId } of cases) {
      const detail = await t.app.inject({ method: 'POST', url: '/api/booking-detail', payload: { booking_id: bookingId }, headers: bearer(admin.token) });
      const { groupdata } = detail.json() as BookingDetailResponse;
      expect(rows.get(bookingId)?.sector, name).toBe(groupdata.sector);
      expect(rows.get(bookingId)?.airline_logo, name).toBe(groupdata.airline.logo);
    }
  });

  it('when bookings of every layout are listed, then each sector runs from the first departure to the outbound end', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/listofbookings?page=1', headers: bearer(admin.token) });
    const rows = new Map((response.json().data as BookingListRow[]).map((row) => [row.id, row]));
    const expected = Object.fromEntries(cases.map(({ name, sector }) => [name, sector()]));
    const listed = Object.fromEntries(cases.map(({ name, bookingId }) => [name, rows.get(bookingId)?.sector]));
    expect(listed).toEqual(expected);
  });
});

describe('the total of an unfiltered page (decision 056)', () => {
  const totalOf = async (url: string, token: string) => {
    const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json() as { data: BookingListRow[]; total: number };
  };

  it('when the page is past the last one, then it is empty and still carries the total', async () => {
    expect(await totalOf('/api/agnetlistofbookings?page=9', agent.token)).toMatchObject({ data: [], total: cases.length });
    expect(await totalOf('/api/listofbookings?page=9', admin.token)).toMatchObject({ data: [], total: cases.length });
  });

  it(`when more than ${BOOKING_COUNTS_COMPACT_AT} count rows pile up, then the own list folds them and answers the same total`, async () => {
    await t.db.execute(sql`insert into ${bookingCounts} (agent_user_id, confirmed, cancel_status, payment_status, n)
      select ${agent.user.id}, true, false, 2, case when i % 2 = 0 then 1 else -1 end from generate_series(1, ${BOOKING_COUNTS_COMPACT_AT + 2}) i`);
    expect((await totalOf('/api/agnetlistofbookings?page=1', agent.token)).total).toBe(cases.length);
    const [left] = await t.db.select({ rows: sql<number>`count(*)::int` }).from(bookingCounts).where(eq(bookingCounts.agentUserId, agent.user.id));
    expect(left!.rows).toBeLessThan(BOOKING_COUNTS_COMPACT_AT);
  });
});

describe('a page as one JSON value (decision 068)', () => {
  /** Bookings of every kind a list row tells apart, for the agent and for nobody (walk-ins), beside the cases above. */
  beforeAll(async () => {
    const { group } = await insertTestGroup(t.db, { via: true, returnDay: 30 });
    const other = await insertUserWithToken(t.db, { name: 'No Agency Agent' });
    const add = (options: Partial<Parameters<typeof insertTestBooking>[1]>) =>
      insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group, addedBy: admin.user.id, agentUserId: agent.user.id, ...options });
    await add({ state: 'confirmed', discount: 500, received: 1_000 });
    await add({ state: 'cancelled' });
    await add({ state: 'cancelled_after_charge' });
    await add({ cancelAt: new Date(Date.now() - 60_000) });
    await add({ adults: 2, children: 1, infants: 1 });
    await add({ agentUserId: null });
    await add({ agentUserId: other.user.id, state: 'confirmed' });
    // Two bookings made at the same instant: the id orders them.
    const sameInstant = new Date(Date.now() - 3_600_000);
    await add({ createdAt: sameInstant });
    await add({ createdAt: sameInstant, state: 'confirmed' });
    const { booking: named } = await add({ adults: 2 });
    const { booking: later } = await add({ adults: 2 });
    const { booking: ticketed } = await add({ state: 'confirmed', adults: 2 });
    // Awkward names, names later, ticket numbers, and timestamps with microseconds and without a fraction.
    await t.db
      .update(bookingPassengers)
      .set({ title: 'Mr', firstname: `O'BRIEN "QA" \\ \u0627\u0642`, lastname: 'تبسم' })
      .where(eq(bookingPassengers.bookingId, named.id));
    await t.db.update(bookingPassengers).set({ title: null, firstname: null, lastname: null, dob: null, passportNo: null, passportExpiryDate: null, passportFileId: null, visaFileId: null }).where(eq(bookingPassengers.bookingId, later.id));
    await t.db.update(bookingPassengers).set({ ticketNo: sql`lpad((1760000000000 + ${bookingPassengers.id})::text, 13, '0')` }).where(eq(bookingPassengers.bookingId, ticketed.id));
    await t.db.update(bookings).set({ createdAt: sql`${bookings.createdAt} + interval '123 microseconds'` }).where(eq(bookings.id, named.id));
    await t.db.update(bookings).set({ updatedAt: sql`date_trunc('second', ${bookings.updatedAt})` }).where(eq(bookings.id, later.id));
  });

  // The reference: the same rows read through Drizzle's select and row mapping (listAllBookings), sliced to the page.
  for (const who of ['one agent', 'every booking'] as const) {
    it(`when ${who}'s bookings are read a page at a time, then each page is the reference's slice, and past the end is empty`, async () => {
      const filter = who === 'one agent' ? { agentUserId: agent.user.id } : {};
      const reference = await listAllBookings({ db: t.db, filter });
      expect(reference.length).toBeGreaterThan(10);
      for (let offset = 0; offset <= reference.length; offset += 4) {
        const page = await listBookings({ db: t.db, filter, limit: 4, offset });
        expect(page.rows, `offset ${offset}`).toEqual(reference.slice(offset, offset + 4));
        expect(page.total).toBe(reference.length);
      }
      expect(await listBookings({ db: t.db, filter, limit: 4, offset: reference.length + 40 })).toEqual({ rows: [], total: reference.length });
    });
  }
});
