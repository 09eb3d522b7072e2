import { DASHBOARD_LIST_LIMIT, type AdminDashboard } from '@portal/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import type { BookingRow } from '../bookings/bookings.table.js';
import type { GroupRow } from '../groups/groups.table.js';
import type { UserRow } from '../users/users.table.js';
import {
  daysFromToday,
  insertAirlineWithLogo,
  insertDashboardBooking,
  insertDashboardGroup,
  insertDashboardMySector,
  karachiMidnightPlus,
  type DashboardBookingState,
} from './dashboard.fixtures.js';

let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let group: GroupRow;
let sector: string;
const logoPath = 'public/airline_logo/dashboard-air.png';
/** Bookings by name: t* today, y1 yesterday 23:59 Karachi (today in UTC), p* three days ago. */
const b: Record<string, BookingRow> = {};

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Dash Admin' });
  agentA = await insertUserWithToken(t.db, { name: 'Ahmed Raza', agencyName: 'Alpha Travels' });
  agentB = await insertUserWithToken(t.db, { name: 'Bilal Shah', agencyName: null });
  const airlineId = await insertAirlineWithLogo(t.db, logoPath);
  const mySectorId = await insertDashboardMySector(t.db, { name: 'Umrah Jeddah' });
  ({ group, sector } = await insertDashboardGroup(t.db, { airlineId, mySectorId, firstDay: 30, totalTicket: 100 }));

  const book = async (
    name: string,
    state: DashboardBookingState,
    createdAt: Date,
    options: { agent?: UserRow | null; received?: number; discount?: number; children?: number; infants?: number } = {},
  ) => {
    const { agent = agentA.user, ...amounts } = options;
    b[name] = await insertDashboardBooking(t.db, { group, addedBy: admin.user.id, agentUserId: agent?.id ?? null, createdAt, state, ...amounts });
  };
  const threeDaysAgo = (minutes: number) => karachiMidnightPlus(-3 * 24 * 60 + minutes);
  await book('t1', 'hold', karachiMidnightPlus(1));
  await book('t2', 'confirmed', karachiMidnightPlus(2));
  await book('t3', 'confirmed', karachiMidnightPlus(3), { agent: agentB.user, received: 40_000 });
  await book('t4', 'confirmed', karachiMidnightPlus(4), { children: 1, infants: 1, received: 220_000 });
  await book('t5', 'cancelled', karachiMidnightPlus(5));
  await book('t6', 'cancelled_after_charge', karachiMidnightPlus(6));
  await book('y1', 'confirmed', karachiMidnightPlus(-1), { discount: 5_000, received: 10_000 });
  await book('p1', 'confirmed', threeDaysAgo(60));
  await book('p2', 'confirmed', threeDaysAgo(120), { agent: null });
  await book('p3', 'cancelled', threeDaysAgo(180));
  await book('p4', 'hold', threeDaysAgo(240));
});
afterAll(() => t.close());

function summary(token: string | null = admin.token) {
  return t.app.inject({ method: 'GET', url: '/api/dashboardsummary', headers: token ? bearer(token) : {} });
}

async function summaryData(): Promise<AdminDashboard> {
  const response = await summary();
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: AdminDashboard }).data;
}

function listed(key: 'pending' | 'partial', row: BookingRow, agentName: string, bookingDate: string) {
  return {
    id: row.id,
    key: `${key}-${row.id}`,
    pnr: group.pnr,
    airline_logo: `/uploads/${logoPath}`,
    agent_name: agentName,
    name: agentName,
    booking_date: bookingDate,
    confirmed: 1,
    final_total: row.finalTotal,
    received_amount: row.receivedAmount,
    remaining_amount: row.remainingAmount,
  };
}

describe('GET /api/dashboardsummary: counts', () => {
  it('when bookings are in every state, then the all-time counts split confirmed live bookings by payment status', async () => {
    const data = await summaryData();
    expect(data.overall_summary).toEqual({
      total_bookings: 11,
      total_confirmed: 6,
      total_canceled: 3,
      total_paid: 1,
      total_partial_paid: 2,
      total_unpaid: 3,
    });
  });

  it("when some bookings were made today in Asia/Karachi, then today's counts hold only those (23:59 yesterday is not today)", async () => {
    const data = await summaryData();
    expect(data.today_summary).toEqual({
      today_count: 6,
      confirmed: 3,
      canceled_count: 2,
      paid_count: 1,
      partial_paid_count: 1,
      unpaid_count: 1,
    });
  });
});

describe('GET /api/dashboardsummary: lists', () => {
  it('when confirmed live bookings have nothing received, then Pending Payments lists them newest first (walk-ins named Walk-in)', async () => {
    const data = await summaryData();
    expect(data.pending).toEqual([
      listed('pending', b.t2!, 'Alpha Travels', daysFromToday(0)),
      listed('pending', b.p2!, 'Walk-in', daysFromToday(-3)),
      listed('pending', b.p1!, 'Alpha Travels', daysFromToday(-3)),
    ]);
  });

  it('when confirmed live bookings are partly paid, then Partial Paid lists them with their amounts (no agency: the agent name)', async () => {
    const data = await summaryData();
    expect(data.partials).toEqual([
      listed('partial', b.t3!, 'Bilal Shah', daysFromToday(0)),
      listed('partial', b.y1!, 'Alpha Travels', daysFromToday(-1)),
    ]);
    expect(data.partials[1]).toMatchObject({ final_total: 95_000, received_amount: 10_000, remaining_amount: 85_000 });
  });

  it('when the group has holds, confirmed, cancelled bookings and an infant, then Ending Soon counts only the seats taken', async () => {
    const data = await summaryData();
    // Not cancelled: t1, t2, t3, t4 (adult + child; the infant takes no seat), y1, p1, p2, p4.
    expect(data.pnrs).toEqual([
      { key: `pnr-${group.id}`, pnr: group.pnr, pnr_id: group.id, departure_date: daysFromToday(30), sold: 9, remaining: 91, total_ticket: 100, departure_sector_name: sector },
    ]);
  });

  it(`when more than ${DASHBOARD_LIST_LIMIT} bookings are pending, then only the ${DASHBOARD_LIST_LIMIT} newest are listed`, async () => {
    const added: number[] = [];
    for (let index = 0; index < DASHBOARD_LIST_LIMIT; index++) {
      const row = await insertDashboardBooking(t.db, {
        group,
        addedBy: admin.user.id,
        agentUserId: agentA.user.id,
        createdAt: karachiMidnightPlus(10 + index),
        state: 'confirmed',
      });
      added.push(row.id);
    }
    const data = await summaryData();
    expect(data.pending.map((row) => row.id)).toEqual(added.reverse());
    expect(data.overall_summary.total_unpaid).toBe(3 + DASHBOARD_LIST_LIMIT);
  });
});

describe('GET /api/dashboardsummary: access', () => {
  it('when the caller is an agent, then 403; without a token, 401', async () => {
    const forbidden = await summary(agentA.token);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
    const anonymous = await summary(null);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
