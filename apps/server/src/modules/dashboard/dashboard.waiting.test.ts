import { DASHBOARD_LIST_LIMIT, type AdminDashboard } from '@portal/contract/dashboard';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { bookings, type BookingRow } from '../bookings/bookings.table.js';
import type { GroupRow } from '../groups/groups.table.js';
import { users, type UserRow } from '../users/users.table.js';
import {
  daysFromToday,
  insertAirlineWithLogo,
  insertDashboardBooking,
  insertDashboardGroup,
  insertDashboardMySector,
  type DashboardBookingState,
} from './dashboard.fixtures.js';

// What waits for the admin on the dashboard (issue 21 point 5, decision 023): holds by expiry, pending agents,
// payments due.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let soon: GroupRow;
let later: GroupRow;
let flown: GroupRow;
const logoPath = 'public/airline_logo/waiting-air.png';
const b: Record<string, BookingRow> = {};
const hour = 3_600_000;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Waiting Admin' });
  agent = await insertUserWithToken(t.db, { name: 'Saad Malik', agencyName: 'Saad Travels' });
  const airlineId = await insertAirlineWithLogo(t.db, logoPath);
  const mySectorId = await insertDashboardMySector(t.db, { name: 'Waiting Sector' });
  ({ group: soon } = await insertDashboardGroup(t.db, { airlineId, mySectorId, firstDay: 5, totalTicket: 100 }));
  ({ group: later } = await insertDashboardGroup(t.db, { airlineId, mySectorId, firstDay: 40, totalTicket: 100 }));
  ({ group: flown } = await insertDashboardGroup(t.db, { airlineId, mySectorId, firstDay: -3, totalTicket: 100 }));

  const book = async (
    name: string,
    group: GroupRow,
    state: DashboardBookingState,
    options: { cancelAt?: Date; received?: number; agentUserId?: number | null; createdAt?: Date; children?: number } = {},
  ) => {
    const { cancelAt, agentUserId = agent.user.id, createdAt = new Date(Date.now() - 10 * hour), ...rest } = options;
    const row = await insertDashboardBooking(t.db, { group, addedBy: admin.user.id, agentUserId, createdAt, state, ...rest });
    if (cancelAt) await t.db.update(bookings).set({ cancelAt }).where(eq(bookings.id, row.id));
    b[name] = { ...row, cancelAt: cancelAt ?? null };
  };
  await book('holdLate', later, 'hold', { cancelAt: new Date(Date.now() + 3 * hour), children: 1 });
  await book('holdSoon', soon, 'hold', { cancelAt: new Date(Date.now() + 20 * 60_000), agentUserId: null });
  await book('holdExpired', soon, 'hold', { cancelAt: new Date(Date.now() - 60_000) });
  await book('holdCancelled', soon, 'cancelled', { cancelAt: new Date(Date.now() + hour) });
  await book('dueLater', later, 'confirmed', { createdAt: new Date(Date.now() - 50 * hour) });
  await book('dueSoonPartial', soon, 'confirmed', { received: 30_000 });
  await book('dueFlown', flown, 'confirmed');
  await book('paid', soon, 'confirmed', { received: 100_000 });
  await book('cancelledCharged', soon, 'cancelled_after_charge');
});
afterAll(() => t.close());

async function summaryData(): Promise<AdminDashboard> {
  t.dataChanged();
  const response = await t.app.inject({ method: 'GET', url: '/api/dashboardsummary', headers: bearer(admin.token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: AdminDashboard }).data;
}

async function insertPendingAgent(name: string, createdAt: Date, values: Partial<typeof users.$inferInsert> = {}): Promise<UserRow> {
  const [row] = await t.db
    .insert(users)
    .values({ role: 'user', name, email: `${name.toLowerCase().replace(/\s+/g, '.')}@example.com`, activeStatus: 'pending', source: 'register', createdAt, ...values })
    .returning();
  return row!;
}

describe('GET /api/dashboardsummary: holds', () => {
  it('when holds are running, then they come soonest expiry first with their expiry; run-out and cancelled ones do not', async () => {
    const data = await summaryData();
    expect(data.holds.total).toBe(2);
    expect(data.holds.data).toEqual([
      {
        id: b.holdSoon!.id,
        key: `hold-${b.holdSoon!.id}`,
        pnr: soon.pnr,
        airline_logo: `/uploads/${logoPath}`,
        agent_name: 'Walk-in',
        name: 'Walk-in',
        booking_date: expect.any(String),
        confirmed: 0,
        final_total: 100_000,
        received_amount: 0,
        remaining_amount: 100_000,
        passengers: 1,
        departure_date: daysFromToday(5),
        cancel_at: b.holdSoon!.cancelAt!.toISOString(),
      },
      expect.objectContaining({ id: b.holdLate!.id, agent_name: 'Saad Travels', passengers: 2, cancel_at: b.holdLate!.cancelAt!.toISOString() }),
    ]);
  });
});

describe('GET /api/dashboardsummary: payments due', () => {
  it('when confirmed bookings are not fully paid, then the flown one comes first, then by departure; paid and cancelled ones do not', async () => {
    const data = await summaryData();
    expect(data.payments_due.total).toBe(3);
    expect(data.payments_due.data.map((row) => row.id)).toEqual([b.dueFlown!.id, b.dueSoonPartial!.id, b.dueLater!.id]);
    expect(data.payments_due.data[1]).toMatchObject({
      key: `due-${b.dueSoonPartial!.id}`,
      departure_date: daysFromToday(5),
      received_amount: 30_000,
      remaining_amount: 70_000,
      confirmed: 1,
      cancel_at: null,
    });
    expect(data.payments_due.data[0]!.departure_date).toBe(daysFromToday(-3));
  });
});

describe('GET /api/dashboardsummary: pending agents', () => {
  it('when agents await approval, then the longest waiting comes first; approved, rejected and deleted ones do not', async () => {
    const first = await insertPendingAgent('Hina Pending', new Date(Date.now() - 48 * hour), { agencyName: 'Hina Tours', phone: '03001112223', city: 'KARACHI' });
    const second = await insertPendingAgent('Omar Pending', new Date(Date.now() - 2 * hour));
    await insertPendingAgent('Rejected One', new Date(Date.now() - 72 * hour), { activeStatus: 'rejected' });
    await insertPendingAgent('Deleted One', new Date(Date.now() - 72 * hour), { deletedAt: new Date() });
    const data = await summaryData();
    expect(data.pending_agents).toEqual({
      total: 2,
      data: [
        {
          id: first.id,
          key: `agent-${first.id}`,
          name: 'Hina Pending',
          agency_name: 'Hina Tours',
          email: 'hina.pending@example.com',
          phone: '03001112223',
          city: 'KARACHI',
          created_at: first.createdAt.toISOString(),
        },
        expect.objectContaining({ id: second.id, name: 'Omar Pending', agency_name: null }),
      ],
    });
  });
});

describe('GET /api/dashboardsummary: bounded', () => {
  it(`when more than ${DASHBOARD_LIST_LIMIT} wait in each list, then ${DASHBOARD_LIST_LIMIT} are listed and the total counts them all`, async () => {
    const extra = DASHBOARD_LIST_LIMIT + 2;
    for (let index = 0; index < extra; index++) {
      const hold = await insertDashboardBooking(t.db, { group: later, addedBy: admin.user.id, agentUserId: agent.user.id, createdAt: new Date(), state: 'hold' });
      await t.db.update(bookings).set({ cancelAt: new Date(Date.now() + (5 + index) * hour) }).where(eq(bookings.id, hold.id));
      await insertDashboardBooking(t.db, { group: later, addedBy: admin.user.id, agentUserId: agent.user.id, createdAt: new Date(), state: 'confirmed' });
      await insertPendingAgent(`Many Pending ${index}`, new Date());
    }
    const data = await summaryData();
    expect(data.holds.data).toHaveLength(DASHBOARD_LIST_LIMIT);
    expect(data.holds.total).toBe(2 + extra);
    expect(data.holds.data.slice(0, 2).map((row) => row.id)).toEqual([b.holdSoon!.id, b.holdLate!.id]);
    expect(data.payments_due.data).toHaveLength(DASHBOARD_LIST_LIMIT);
    expect(data.payments_due.total).toBe(3 + extra);
    expect(data.pending_agents.data).toHaveLength(DASHBOARD_LIST_LIMIT);
    expect(data.pending_agents.total).toBe(2 + extra);
  });
});
