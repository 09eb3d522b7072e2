import { DASHBOARD_LIST_LIMIT, type AdminDashboard, type UserDashboard } from '@portal/contract/dashboard';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { banners } from '../banners/banners.table.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { dashboardButtons } from '../dashboard-buttons/dashboard-buttons.table.js';
import type { GroupRow } from '../groups/groups.table.js';
import type { UserRow } from '../users/users.table.js';
import {
  daysFromToday,
  insertAirlineWithLogo,
  insertDashboardBooking,
  insertDashboardGroup,
  insertDashboardMySector,
  insertPublicFile,
  karachiMidnightPlus,
} from './dashboard.fixtures.js';

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let airlineId: number;
let alphaId: number;
let zetaId: number;
let umrahButtonId: number;
let visaButtonId: number;
/** The groups Ending Soon must list, in order, and their expected seats. */
const listedGroups: Array<{ group: GroupRow; sector: string; sold: number }> = [];
const alphaImage = 'public/my_sector_image/alpha.png';
const umrahImage = 'public/button/umrah.png';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agent = await insertUserWithToken(t.db);
  airlineId = await insertAirlineWithLogo(t.db, 'public/airline_logo/cards.png');
  alphaId = await insertDashboardMySector(t.db, { name: 'Alpha Umrah', imagePath: alphaImage });
  zetaId = await insertDashboardMySector(t.db, { name: 'Zeta Hajj' });
  const betaId = await insertDashboardMySector(t.db, { name: 'Beta Off', status: false });
  await insertDashboardMySector(t.db, { name: 'Gamma Gone', deleted: true });

  const group = (options: Omit<Parameters<typeof insertDashboardGroup>[1], 'airlineId' | 'mySectorId'> & { mySectorId?: number }) =>
    insertDashboardGroup(t.db, { airlineId, mySectorId: alphaId, ...options });
  const book = (row: GroupRow, options: { adults?: number; children?: number; infants?: number; cancelled?: boolean }) =>
    insertDashboardBooking(t.db, {
      group: row,
      addedBy: admin.user.id,
      agentUserId: agent.user.id,
      createdAt: karachiMidnightPlus(0),
      state: options.cancelled ? 'cancelled' : 'hold',
      adults: options.adults,
      children: options.children,
      infants: options.infants,
    });

  // Created out of order so the list's order comes from the dates and times, not the ids.
  const inFive = await group({ firstDay: 5 });
  const via = await group({ firstDay: 2, via: true });
  await book(via.group, { adults: 2, children: 1, infants: 1 });
  await book(via.group, { adults: 3, cancelled: true });
  const todayLate = await group({ firstDay: 0, departureTime: '22:00' });
  const todayEarly = await group({ firstDay: 0, departureTime: '02:00' });
  const almostFull = await group({ firstDay: 4, totalTicket: 2 });
  await book(almostFull.group, { adults: 1 });
  // Not offered or nothing left: closed, departed, deleted, full.
  await group({ firstDay: 1, closed: true });
  await group({ firstDay: -1 });
  await group({ firstDay: 1, deleted: true });
  const full = await group({ firstDay: 3, totalTicket: 2 });
  await book(full.group, { adults: 2 });
  // A group of an inactive my sector is still offered, so it ends soon too; the card is not shown.
  const ofBeta = await group({ firstDay: 6, mySectorId: betaId });

  listedGroups.push(
    { ...todayEarly, sold: 0 },
    { ...todayLate, sold: 0 },
    { ...via, sold: 3 },
    { ...almostFull, sold: 1 },
    { ...inFive, sold: 0 },
    { ...ofBeta, sold: 0 },
  );

  const buttonImage = await insertPublicFile(t.db, { kind: 'button', storagePath: umrahImage });
  const [umrah] = await t.db.insert(dashboardButtons).values({ title: 'Umrah', target: 'umrah-packages', imageFileId: buttonImage }).returning();
  await t.db.insert(dashboardButtons).values({ title: 'Hajj', target: 'hajj', status: false });
  const [visa] = await t.db.insert(dashboardButtons).values({ title: 'Visa', target: 'visa' }).returning();
  umrahButtonId = umrah!.id;
  visaButtonId = visa!.id;
  await t.db.insert(banners).values([
    { name: 'One', dashBtnId: umrahButtonId },
    { name: 'Two', dashBtnId: umrahButtonId },
    { name: 'Off', dashBtnId: umrahButtonId, status: false },
  ]);
});
afterAll(() => t.close());

async function get<T>(url: string, token: string): Promise<T> {
  const response = await t.app.inject({ method: 'GET', url, headers: bearer(token) });
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as { data: T }).data;
}

const expectedButtons = () => [
  { id: umrahButtonId, title: 'Umrah', target: 'umrah-packages', image: `/uploads/${umrahImage}`, totalpnr: 2 },
  { id: visaButtonId, title: 'Visa', target: 'visa', image: null, totalpnr: 0 },
];

describe('GET /api/dashboardsummary: Ending Soon', () => {
  it('when groups are open, closed, departed, deleted or full, then only open ones with seats come, soonest departure first', async () => {
    const data = await get<AdminDashboard>('/api/dashboardsummary', admin.token);
    expect(data.pnrs).toEqual(
      listedGroups.map(({ group, sector, sold }) => ({
        key: `pnr-${group.id}`,
        pnr: group.pnr,
        pnr_id: group.id,
        departure_date: group.departureDate,
        sold,
        remaining: group.totalTicket - sold,
        total_ticket: group.totalTicket,
        departure_sector_name: sector,
      })),
    );
    expect(data.pnrs[0]!.departure_date).toBe(daysFromToday(0));
  });

  it(`when more than ${DASHBOARD_LIST_LIMIT} groups end soon, then the ${DASHBOARD_LIST_LIMIT} soonest are listed`, async () => {
    const later: GroupRow[] = [];
    for (let day = 10; day < 16; day++) later.push((await insertDashboardGroup(t.db, { airlineId, mySectorId: zetaId, firstDay: day })).group);
    const data = await get<AdminDashboard>('/api/dashboardsummary', admin.token);
    expect(data.pnrs.map((row) => row.pnr_id)).toEqual([...listedGroups.map(({ group }) => group.id), ...later.slice(0, 4).map((group) => group.id)]);
  });
});

describe('GET /api/dashboardsummary and /api/user-dashboard: cards and buttons', () => {
  it('when my sectors are active, inactive or deleted, then the active ones come by name with their open groups', async () => {
    const data = await get<AdminDashboard>('/api/dashboardsummary', admin.token);
    // Alpha: the two today, via, almost full, in five and full (closed, departed and deleted groups do not count);
    // Zeta: the six added by the limit test above (tests of a file run in order).
    expect(data.sector_summary).toEqual([
      { id: alphaId, name: 'Alpha Umrah', image: `/uploads/${alphaImage}`, totalpnr: 6 },
      { id: zetaId, name: 'Zeta Hajj', image: null, totalpnr: 6 },
    ]);
  });

  it('when buttons are active or not, then the active ones come in the order added with their active banners counted', async () => {
    const data = await get<AdminDashboard>('/api/dashboardsummary', admin.token);
    expect(data.dash_btn).toEqual(expectedButtons());
  });

  it("when an agent opens its dashboard, then it gets only the buttons and sector cards, the same as the admin's", async () => {
    const mine = await get<UserDashboard>('/api/user-dashboard', agent.token);
    const adminView = await get<AdminDashboard>('/api/dashboardsummary', admin.token);
    expect(Object.keys(mine).sort()).toEqual(['dash_btn', 'sector_summary']);
    expect(mine).toEqual({ dash_btn: expectedButtons(), sector_summary: adminView.sector_summary });
    expect(await get<UserDashboard>('/api/user-dashboard', admin.token)).toEqual(mine);
  });

  it('when there is no token, then user-dashboard answers 401', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/user-dashboard' });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
