import type { AdminDashboard } from '@portal/contract/dashboard';
import type { SeatsBySectorResponse } from '@portal/contract/insights';
import { eq, inArray, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { insertAgentWithToken, insertBookableGroup } from '../bookings/bookings.fixtures.js';
import { cancelExpiredHolds } from '../bookings/bookings.repository.js';
import { bookingPassengers, bookings } from '../bookings/bookings.table.js';
import type { GroupRow } from '../groups/groups.table.js';
import { bookAsAgent, cancelAsAdmin, confirmAsAdmin } from '../ledger/ledger.fixtures.js';
import type { UserRow } from '../users/users.table.js';
import { BOOKING_COUNTS_COMPACT_AT, compactBookingCounts } from './booking-counts.repository.js';
import { bookingCounts } from './booking-counts.table.js';
import { insertAirlineWithLogo, insertDashboardBooking, insertDashboardGroup, insertDashboardMySector, type DashboardBookingState } from './dashboard.fixtures.js';

// Decision 045: booking_counts, kept by triggers on `bookings`, replaces the counts over every booking in the admin
// dashboard, the totals of Payments Due and Holds, and the totals of the unfiltered booking lists. These tests hold the
// stored counts to the counts recomputed from `bookings` across every kind of booking write, and the answers to what
// the queries before the change computed (kept below as the reference), on both engines.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let bookable: GroupRow;
const hour = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Counts Admin' });
  agentA = await insertAgentWithToken(t.db, { name: 'Counts A', agencyName: 'Alpha Counts' });
  agentB = await insertAgentWithToken(t.db, { name: 'Counts B', agencyName: 'Beta Counts' });
  bookable = await insertBookableGroup(t.db, { totalTicket: 40, price: 100_000, infantPrice: 20_000 });
});
afterAll(() => t.close());

/** Per key, the stored count (the sum of its rows) and the count recomputed from bookings; keys counted 0 left out. */
/** The rows of a raw statement (either engine's result). */
async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

interface CountRow {
  agent_user_id: number;
  confirmed: boolean;
  cancel_status: boolean;
  payment_status: number;
  n: number;
}

async function storedAndRecomputed() {
  const stored = await rowsOf<CountRow>(sql`select agent_user_id, confirmed, cancel_status, payment_status, sum(n)::int as n from booking_counts
    group by 1, 2, 3, 4 having sum(n) <> 0 order by 1, 2, 3, 4`);
  const recomputed = await rowsOf<CountRow>(sql`select coalesce(agent_user_id, 0) as agent_user_id, confirmed, cancel_status, payment_status, count(*)::int as n
    from bookings group by 1, 2, 3, 4 order by 1, 2, 3, 4`);
  return { stored, recomputed };
}

async function expectCountsInStep(step: string): Promise<void> {
  const { stored, recomputed } = await storedAndRecomputed();
  expect(stored, step).toEqual(recomputed);
}

async function payAsAdmin(bookingId: number, amount: number): Promise<void> {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/update-booking-payment',
    payload: { booking_id: bookingId, receive_date: new Date().toISOString().slice(0, 10), receive_amount: amount, text: 'Counts test' },
    headers: bearer(admin.token),
  });
  expect(response.statusCode, response.body).toBe(200);
}

describe('booking_counts: the stored counts equal the recomputed ones', () => {
  it('when bookings are held, confirmed, paid, cancelled, expired, edited, inserted in bulk and deleted, then after every write the counts agree', async () => {
    await expectCountsInStep('at start');
    const held = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: bookable.pnr, adults: 2 });
    await expectCountsInStep('add-booking (hold)');
    const other = await bookAsAgent(t.app, multipart, { token: agentB.token, pnr: bookable.pnr, adults: 1, infants: 1 });
    await confirmAsAdmin(t.app, { token: admin.token, bookingId: held });
    await expectCountsInStep('confirmbooking, nothing received');
    await payAsAdmin(held, 50_000);
    await expectCountsInStep('a part payment');
    await payAsAdmin(held, 150_000);
    await expectCountsInStep('paid in full');
    await confirmAsAdmin(t.app, { token: admin.token, bookingId: other, discount: 10_000, receivePayment: 30_000 });
    await expectCountsInStep('confirmed with a discount and a payment');
    await cancelAsAdmin(t.app, { token: admin.token, bookingId: other });
    await expectCountsInStep('cancelbooking of a confirmed booking');
    // A hold whose time has run out, cancelled by the sweeper; and an update that changes no counted column.
    const expiring = await bookAsAgent(t.app, multipart, { token: agentB.token, pnr: bookable.pnr });
    await t.db.update(bookings).set({ cancelAt: new Date(Date.now() - 60_000) }).where(eq(bookings.id, expiring));
    await t.db.update(bookings).set({ remarks: 'no key changes' }).where(eq(bookings.id, held));
    const rowsBefore = (await t.db.select().from(bookingCounts)).length;
    await t.db.update(bookings).set({ remarks: 'still none' }).where(eq(bookings.id, held));
    expect((await t.db.select().from(bookingCounts)).length, 'an update of no counted column appends nothing').toBe(rowsBefore);
    await cancelExpiredHolds({ db: t.db, now: new Date(), limit: 50 });
    await expectCountsInStep('the hold sweeper');

    // Many rows in one statement (the workload generator, the seed), a walk-in among them, then deleted in one statement.
    const airlineId = await insertAirlineWithLogo(t.db, 'public/airline_logo/counts.png');
    const mySectorId = await insertDashboardMySector(t.db, { name: 'Counts Sector' });
    const { group } = await insertDashboardGroup(t.db, { airlineId, mySectorId, firstDay: 10, totalTicket: 100 });
    const values = (['hold', 'confirmed', 'cancelled', 'cancelled_after_charge'] as DashboardBookingState[]).map((state, index) => ({ state, index }));
    const inserted: number[] = [];
    for (const { state, index } of values) {
      const row = await insertDashboardBooking(t.db, { group, addedBy: admin.user.id, agentUserId: index === 1 ? null : agentA.user.id, createdAt: new Date(), state, received: index === 1 ? 50_000 : 0 });
      inserted.push(row.id);
    }
    await t.db.execute(sql`insert into bookings (group_id, agent_user_id, walking, confirmed, confirmed_at, adults, price, infant_price, total_amount, received_amount, added_by)
      select ${group.id}, ${agentB.user.id}, false, true, now(), 1, 1000, 0, 1000, (i % 3) * 500, ${admin.user.id} from generate_series(1, 30) i`);
    await expectCountsInStep('inserted in bulk');
    await t.db.update(bookings).set({ receivedAmount: 1000 }).where(eq(bookings.groupId, group.id));
    await expectCountsInStep('updated in bulk');
    await t.db.delete(bookingPassengers).where(inArray(bookingPassengers.bookingId, inserted));
    await t.db.delete(bookings).where(eq(bookings.groupId, group.id));
    await expectCountsInStep('deleted in bulk');
  });

  it('when the rows are folded, then every count stays and one row is left per key', async () => {
    const before = await storedAndRecomputed();
    await compactBookingCounts({ db: t.db });
    const after = await storedAndRecomputed();
    expect(after).toEqual(before);
    expect((await t.db.select().from(bookingCounts)).length).toBe(after.stored.length);
  });

  it(`when more than ${BOOKING_COUNTS_COMPACT_AT} rows pile up, then a dashboard read folds them and answers the same counts`, async () => {
    await t.db.execute(sql`insert into booking_counts (agent_user_id, confirmed, cancel_status, payment_status, n)
      select ${agentA.user.id}, true, false, 2, case when i % 2 = 0 then 1 else -1 end from generate_series(1, ${BOOKING_COUNTS_COMPACT_AT + 2}) i`);
    const first = await dashboard();
    expect((await t.db.select().from(bookingCounts)).length).toBeLessThan(50);
    expect(await dashboard()).toEqual(first);
    await expectCountsInStep('after the fold');
  });
});

async function dashboard(): Promise<AdminDashboard> {
  t.dataChanged();
  const response = await t.app.inject({ method: 'GET', url: '/api/dashboardsummary', headers: bearer(admin.token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: AdminDashboard }).data;
}

async function listTotal(url: string, token: string): Promise<number> {
  t.dataChanged();
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { total: number }).total;
}

// ---- The answers against the queries before decision 045 ---------------------------------------------------------

/** The all-time counts as one pass over every booking computed them (main before decision 045). */
async function referenceOverall() {
  const [row] = await rowsOf<AdminDashboard['overall_summary']>(sql`select count(*)::int as total_bookings,
    (count(*) filter (where confirmed and not cancel_status))::int as total_confirmed,
    (count(*) filter (where cancel_status))::int as total_canceled,
    (count(*) filter (where confirmed and not cancel_status and payment_status = 2))::int as total_paid,
    (count(*) filter (where confirmed and not cancel_status and payment_status = 1))::int as total_partial_paid,
    (count(*) filter (where confirmed and not cancel_status and payment_status = 0))::int as total_unpaid from bookings`);
  return row;
}

/** Holds and Payments Due as the window count over every match picked and counted them (decision 040's queries). */
async function referenceWaiting(kind: 'holds' | 'due'): Promise<{ total: number; ids: number[] }> {
  const typed = await rowsOf<{ id: number; total: number }>(
    kind === 'holds'
      ? sql`select b.id, (count(*) over ())::int as total from bookings b join groups g on g.id = b.group_id
          where not b.confirmed and not b.cancel_status and b.cancel_at > now() order by b.cancel_at, b.id limit 10`
      : sql`select b.id, (count(*) over ())::int as total from bookings b join groups g on g.id = b.group_id
          where b.confirmed and not b.cancel_status and b.payment_status < 2 order by g.departure_date, b.created_at, b.id limit 10`,
  );
  return { total: typed[0]?.total ?? 0, ids: typed.map((row) => row.id) };
}

describe('the answers read from booking_counts are the ones counted over the bookings', () => {
  it('when bookings of many groups wait (ties on departure dates and creation instants, flown, closed and deleted groups), then the dashboard and the lists answer as before', async () => {
    const airlineId = await insertAirlineWithLogo(t.db, 'public/airline_logo/counts-ref.png');
    const mySectorId = await insertDashboardMySector(t.db, { name: 'Reference Sector' });
    const groupsByDay: GroupRow[] = [];
    for (const [firstDay, options] of [
      [-4, {}],
      [3, {}],
      [3, { closed: true }],
      [3, { deleted: true }],
      [9, {}],
      [30, {}],
    ] as Array<[number, { closed?: boolean; deleted?: boolean }]>) {
      groupsByDay.push((await insertDashboardGroup(t.db, { airlineId, mySectorId, firstDay, totalTicket: 200, ...options })).group);
    }
    const sameInstant = new Date(Date.now() - 5 * hour);
    const states: DashboardBookingState[] = ['confirmed', 'hold', 'confirmed', 'cancelled', 'confirmed', 'cancelled_after_charge'];
    let index = 0;
    for (const group of groupsByDay.slice().reverse()) {
      for (let k = 0; k < 9; k++, index++) {
        const state = states[index % states.length]!;
        const createdAt = k % 3 === 0 ? sameInstant : new Date(Date.now() - (index % 7) * hour);
        const row = await insertDashboardBooking(t.db, {
          group,
          addedBy: admin.user.id,
          agentUserId: index % 5 === 0 ? null : index % 2 === 0 ? agentA.user.id : agentB.user.id,
          createdAt,
          state,
          received: state === 'confirmed' ? [0, 40_000, 100_000][index % 3]! : 0,
        });
        if (state === 'hold') {
          const cancelAt = index % 4 === 0 ? new Date(Date.now() - 60_000) : new Date(Date.now() + ((index % 3) + 1) * hour);
          await t.db.update(bookings).set({ cancelAt }).where(eq(bookings.id, row.id));
        }
      }
    }
    await confirmAsAdmin(t.app, { token: admin.token, bookingId: await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: bookable.pnr }) });
    await bookAsAgent(t.app, multipart, { token: agentB.token, pnr: bookable.pnr, adults: 2 });

    const answer = await dashboard();
    expect(answer.overall_summary).toEqual(await referenceOverall());
    const holds = await referenceWaiting('holds');
    const due = await referenceWaiting('due');
    expect(holds.total).toBeGreaterThan(5);
    expect(due.total).toBeGreaterThan(10);
    expect({ total: answer.holds.total, ids: answer.holds.data.map((row) => row.id) }).toEqual(holds);
    expect({ total: answer.payments_due.total, ids: answer.payments_due.data.map((row) => row.id) }).toEqual(due);
    for (const [list, status] of [[answer.pending, 0], [answer.partials, 1]] as const) {
      const newest = await rowsOf<{ id: number }>(sql`select id from bookings where confirmed and not cancel_status and payment_status = ${status}
        order by created_at desc, id desc limit 10`);
      expect(newest.length).toBeGreaterThan(2);
      expect(list.map((row) => row.id)).toEqual(newest.map((row) => row.id));
    }

    const count = async (agentUserId?: number) =>
      (await t.db.select({ n: sql<number>`count(*)::int` }).from(bookings).where(agentUserId === undefined ? undefined : eq(bookings.agentUserId, agentUserId)))[0]!.n;
    expect(await listTotal('/api/listofbookings?page=1', admin.token)).toBe(await count());
    expect(await listTotal('/api/agnetlistofbookings?page=1', admin.token)).toBe(await count());
    expect(await listTotal('/api/agnetlistofbookings?page=1', agentA.token)).toBe(await count(agentA.user.id));
    expect(await listTotal('/api/agnetlistofbookings?page=1', agentB.token)).toBe(await count(agentB.user.id));
    await expectCountsInStep('the reference data');
  });
});

/** Every offered group with its outbound sector and sold seats, computed over its bookings (before decision 045). */
async function referenceOfferedGroups(today: string) {
  return rowsOf<{ id: number; pnr: string; departure_date: string; total_ticket: number; sector: string; sold: number }>(sql`
    select g.id, g.pnr, g.departure_date::text as departure_date, g.total_ticket, fs.from_sector || ' - ' || coalesce(ls.to_sector, fs.to_sector) as sector,
      (select coalesce(sum(b.adults + b.children), 0)::int from bookings b where b.group_id = g.id and not b.cancel_status
        and (b.confirmed or b.cancel_at is null or b.cancel_at > now())) as sold
    from groups g
    join group_legs fl on fl.group_id = g.id and fl.position = 0
    join sectors fs on fs.id = fl.sector_id
    left join group_legs ll on ll.group_id = g.id and ll.position = g.direction - 1
    left join sectors ls on ls.id = ll.sector_id
    where not g.close_status and g.deleted_at is null and g.departure_date >= ${today}::date
    order by g.departure_date, fl.departure_time, g.id`);
}

/** Ending Soon over referenceOfferedGroups. */
async function referenceEndingSoon(today: string): Promise<AdminDashboard['pnrs']> {
  return (await referenceOfferedGroups(today))
    .filter((row) => row.total_ticket - row.sold > 0)
    .slice(0, 10)
    .map((row) => ({
      key: `pnr-${row.id}`,
      pnr: row.pnr,
      pnr_id: row.id,
      departure_date: row.departure_date,
      sold: row.sold,
      remaining: row.total_ticket - row.sold,
      total_ticket: row.total_ticket,
      departure_sector_name: row.sector,
    }));
}

describe('Ending Soon (from the ticket board, decision 066)', () => {
  it('when seats are held, sold out and released through the API after a first read, then Ending Soon follows each step (decision 066: from the ticket board)', async () => {
    const airlineId = await insertAirlineWithLogo(t.db, 'public/airline_logo/counts-follow.png');
    const mySectorId = await insertDashboardMySector(t.db, { name: 'Follow Sector' });
    const { group, sector } = await insertDashboardGroup(t.db, { airlineId, mySectorId, firstDay: 0, totalTicket: 2, departureTime: '00:01' });
    const soonest = (answer: AdminDashboard) => answer.pnrs.find((row) => row.pnr_id === group.id);
    // The one change announced by hand (the group was inserted straight into the database); from here only the API's.
    expect(soonest(await dashboard())).toEqual({
      key: `pnr-${group.id}`,
      pnr: group.pnr,
      pnr_id: group.id,
      departure_date: group.departureDate,
      sold: 0,
      remaining: 2,
      total_ticket: 2,
      departure_sector_name: sector,
    });
    const read = async (): Promise<AdminDashboard> => {
      const response = await t.app.inject({ method: 'GET', url: '/api/dashboardsummary', headers: bearer(admin.token) });
      expect(response.statusCode, response.body).toBe(200);
      return (response.json() as { data: AdminDashboard }).data;
    };
    const held = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: group.pnr });
    expect(soonest(await read())).toMatchObject({ pnr_id: group.id, sold: 1, remaining: 1 });
    await bookAsAgent(t.app, multipart, { token: agentB.token, pnr: group.pnr, infants: 1 });
    expect(soonest(await read())).toBeUndefined();
    await cancelAsAdmin(t.app, { token: admin.token, bookingId: held });
    expect(soonest(await read())).toMatchObject({ pnr_id: group.id, sold: 1, remaining: 1 });
  });

  it('when full groups fill the first slices (ties on dates and times, via legs, closed, deleted and departed groups), then Ending Soon and Seats by sector are the ones computed over every offered group', async () => {
    const airlineId = await insertAirlineWithLogo(t.db, 'public/airline_logo/counts-soon.png');
    const mySectorId = await insertDashboardMySector(t.db, { name: 'Soon Sector' });
    for (let index = 0; index < 48; index++) {
      const { group } = await insertDashboardGroup(t.db, {
        airlineId,
        mySectorId,
        firstDay: index % 5 === 4 ? -1 : 1 + (index % 3),
        totalTicket: 2,
        via: index % 4 === 1,
        departureTime: index % 2 === 0 ? '03:15' : '01:05',
        closed: index % 11 === 7,
        deleted: index % 13 === 5,
      });
      // Most groups full (a confirmed booking and a running hold take the two seats), a few with a seat left.
      if (index % 9 === 8) continue;
      await insertDashboardBooking(t.db, { group, addedBy: admin.user.id, agentUserId: agentA.user.id, createdAt: new Date(), state: 'confirmed' });
      const hold = await insertDashboardBooking(t.db, { group, addedBy: admin.user.id, agentUserId: agentB.user.id, createdAt: new Date(), state: 'hold' });
      await t.db.update(bookings).set({ cancelAt: new Date(Date.now() + (index % 7 === 3 ? -60_000 : hour)) }).where(eq(bookings.id, hold.id));
    }
    const answer = await dashboard();
    const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date());
    const expected = await referenceEndingSoon(today);
    expect(expected.length).toBe(10);
    expect(answer.pnrs).toEqual(expected);

    // Seats by sector (decision 071) sums the same board: every offered group's seats per outbound sector.
    const bySector = new Map<string, SeatsBySectorResponse['data'][number]>();
    for (const row of await referenceOfferedGroups(today)) {
      const line = bySector.get(row.sector) ?? { sector: row.sector, groups: 0, for_sale: 0, sold: 0, remaining: 0 };
      bySector.set(row.sector, { ...line, groups: line.groups + 1, for_sale: line.for_sale + row.total_ticket, sold: line.sold + row.sold, remaining: line.remaining + row.total_ticket - row.sold });
    }
    const seats = await t.app.inject({ method: 'GET', url: '/api/insights/seats-by-sector', headers: bearer(admin.token) });
    expect(seats.statusCode).toBe(200);
    const expectedSeats = [...bySector.values()].sort((a, b) => b.for_sale - a.for_sale || (a.sector < b.sector ? -1 : 1));
    expect(expectedSeats.length).toBeGreaterThan(1);
    expect((seats.json() as SeatsBySectorResponse).data).toEqual(expectedSeats);
  });
});
