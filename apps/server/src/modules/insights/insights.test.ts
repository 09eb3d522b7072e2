import ExcelJS from 'exceljs';
import type { ReceivablesByAgeResponse, SalesReceiptsResponse, SeatsBySectorResponse } from '@portal/contract/insights';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertGroupRow } from '../../test/group-rows.js';
import { insertAirline, insertMySector, insertSector } from '../../test/inventory-factories.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { daysFromToday, insertDashboardBooking, insertDashboardGroup, karachiMidnightPlus } from '../dashboard/dashboard.fixtures.js';
import { bookings } from '../bookings/bookings.table.js';
import type { GroupRow } from '../groups/groups.table.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import { payments } from '../payments/payments.table.js';
import type { UserRow } from '../users/users.table.js';

// Insights (PRODUCT §6, issue 19 point 4, decision 034) against hand-computed fixtures: every row is inserted
// straight, with its dates, so each figure below is worked out by hand in the comments.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agentToken: string;
let pastGroup: GroupRow;
/** gB's confirmed booking of 5 adults (LHE - JED). */
let fiveSeats: number;
const agents: Record<'x' | 'y' | 'z', UserRow> = {} as Record<'x' | 'y' | 'z', UserRow>;

const DAY_MINUTES = 24 * 60;
/** An instant `days` days from today's Karachi midnight, plus `minutes`. */
const karachiDayPlus = (days: number, minutes: number) => karachiMidnightPlus(days * DAY_MINUTES + minutes);

async function insertPayment(bookingId: number, receiveDate: string, amount: number, deleted = false): Promise<number> {
  const [row] = await t.db
    .insert(payments)
    .values({ bookingId, receiveDate, receiveAmount: amount, addedBy: admin.user.id, deletedAt: deleted ? new Date() : null, deletedBy: deleted ? admin.user.id : null })
    .returning({ id: payments.id });
  return row!.id;
}

/** A booking on the departed group, only to carry ledger rows and payments (on hold: no sale, no seat ahead). */
async function carrier(agent: UserRow): Promise<number> {
  const row = await insertDashboardBooking(t.db, { group: pastGroup, addedBy: admin.user.id, agentUserId: agent.id, createdAt: karachiDayPlus(-100, 0), state: 'hold' });
  return row.id;
}

async function ledger(agent: UserRow, rows: Array<{ type: 'out' | 'in' | 'reversal'; bookingId: number; day: number; amount: number }>) {
  for (const row of rows) {
    // `in` rows mirror a payment; received long ago, so outside the sales-and-receipts window.
    const paymentId = row.type === 'in' ? await insertPayment(row.bookingId, daysFromToday(-100), row.amount) : null;
    await t.db.insert(ledgerEntries).values({ agentUserId: agent.id, bookingId: row.bookingId, paymentId, type: row.type, amount: row.amount, entryDate: daysFromToday(row.day) });
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agents.x = (await insertUserWithToken(t.db, { name: 'Xavier', agencyName: 'Alpha Travels' })).user;
  agents.y = (await insertUserWithToken(t.db, { name: 'Yasmin', agencyName: 'Beta Tours' })).user;
  agents.z = (await insertUserWithToken(t.db, { name: 'Zain', agencyName: 'Gamma Hajj' })).user;
  agentToken = (await insertUserWithToken(t.db)).token;
  const airlineId = await insertAirline(t.db);
  const mySectorId = await insertMySector(t.db);

  // ---- Sales and receipts: a group that departed 40 days ago (so it is in no seat figure).
  pastGroup = (await insertDashboardGroup(t.db, { airlineId, mySectorId, firstDay: -40, price: 100_000, infantPrice: 20_000 })).group;
  const sale = (state: 'hold' | 'confirmed' | 'cancelled_after_charge', at: Date, options: { adults?: number; infants?: number; discount?: number; walkIn?: boolean } = {}) =>
    insertDashboardBooking(t.db, { group: pastGroup, addedBy: admin.user.id, agentUserId: options.walkIn ? null : agents.z.id, createdAt: at, state, ...options });
  // Today 00:10 Karachi (yesterday 19:10 UTC): 2 x 100,000 - 5,000 = 195,000 on today.
  const b1 = await sale('confirmed', karachiDayPlus(0, 10), { adults: 2, discount: 5_000 });
  // 29 days ago 23:50 Karachi, the window's first day: 100,000.
  const b2 = await sale('confirmed', karachiDayPlus(-29, 23 * 60 + 50));
  // 30 days ago 23:59: outside the 30 days.
  await sale('confirmed', karachiDayPlus(-30, 23 * 60 + 59));
  // Confirmed then cancelled today, and a hold today: no sale.
  await sale('cancelled_after_charge', karachiDayPlus(0, 60));
  await sale('hold', karachiDayPlus(0, 60));
  // A walk-in 3 days ago: 100,000 + an infant 20,000 = 120,000.
  const walkIn = await sale('confirmed', karachiDayPlus(-3, 12 * 60), { infants: 1, walkIn: true });
  await insertPayment(b1.id, daysFromToday(0), 50_000);
  await insertPayment(b2.id, daysFromToday(-29), 30_000);
  await insertPayment(b1.id, daysFromToday(0), 10_000, true); // deleted: not a receipt
  await insertPayment(b2.id, daysFromToday(-30), 70_000); // before the window
  await insertPayment(walkIn.id, daysFromToday(-3), 120_000);

  // ---- Seats: LHE - JED twice direct and once via DXB; KHI - JED once open, and closed, deleted, departed ones.
  const lheJed = await insertSector(t.db, { from: 'LHE', to: 'JED' });
  const lheDxb = await insertSector(t.db, { from: 'LHE', to: 'DXB' });
  const dxbJed = await insertSector(t.db, { from: 'DXB', to: 'JED' });
  const khiJed = await insertSector(t.db, { from: 'KHI', to: 'JED' });
  const open = (sectorIds: number[], day: number, extra: { closeStatus?: boolean; deleted?: boolean } = {}) =>
    insertGroupRow(t.db, { airlineId, mySectorId, sectorIds, departureDate: daysFromToday(day), ...extra });
  const seats = (group: GroupRow, state: 'hold' | 'confirmed' | 'cancelled', counts: { adults: number; children?: number; infants?: number }) =>
    insertDashboardBooking(t.db, { group, addedBy: admin.user.id, agentUserId: agents.z.id, createdAt: karachiDayPlus(-100, 0), state, ...counts });
  const gA = await open([lheJed], 0);
  await seats(gA, 'confirmed', { adults: 2, children: 1, infants: 1 }); // 3 seats (infants take none)
  await seats(gA, 'cancelled', { adults: 2 }); // none
  await seats(gA, 'hold', { adults: 1 }); // 1 seat: a hold holds its seat
  // A hold whose time ran out, not yet swept: none, as on the ticket cards (decision 054).
  const lapsed = await seats(gA, 'hold', { adults: 4 });
  await t.db.update(bookings).set({ cancelAt: new Date(Date.now() - 60 * 60_000) }).where(eq(bookings.id, lapsed.id));
  const gB = await open([lheJed], 5);
  fiveSeats = (await seats(gB, 'confirmed', { adults: 5 })).id; // 5
  await open([lheDxb, dxbJed], 3); // via: its outbound sector is LHE - JED, 0 sold
  const gD = await open([khiJed], 1);
  await seats(gD, 'confirmed', { adults: 1 });
  await open([khiJed], 1, { closeStatus: true });
  await open([khiJed], 1, { deleted: true });
  const departed = await open([khiJed], -1);
  await seats(departed, 'confirmed', { adults: 4 });

  // ---- Receivables (ages in days before today in the comments).
  const [k1, k2, k3, k4] = [await carrier(agents.x), await carrier(agents.x), await carrier(agents.x), await carrier(agents.x)];
  await ledger(agents.x, [
    { type: 'out', bookingId: k1, day: -90, amount: 100_000 },
    { type: 'out', bookingId: k2, day: -45, amount: 50_000 },
    { type: 'out', bookingId: k3, day: -20, amount: 80_000 },
    { type: 'out', bookingId: k4, day: -3, amount: 60_000 },
    // k4 cancelled with a 10,000 charge: 10,000 of it stays owed, dated 3 days ago.
    { type: 'reversal', bookingId: k4, day: -1, amount: 50_000 },
    // k2 cancelled outright: nothing of it is owed.
    { type: 'reversal', bookingId: k2, day: -10, amount: 50_000 },
    // 120,000 paid: k1 (100,000) first, then 20,000 of k3: 60,000 of k3 stays, 20 days old.
    { type: 'in', bookingId: k1, day: -2, amount: 70_000 },
    { type: 'in', bookingId: k3, day: 0, amount: 50_000 },
  ]);
  const y = await carrier(agents.y);
  await ledger(agents.y, [
    { type: 'out', bookingId: y, day: -61, amount: 40_000 }, // over 60; 10,000 paid: 30,000
    { type: 'out', bookingId: y, day: -60, amount: 30_000 }, // 31-60
    { type: 'out', bookingId: y, day: -31, amount: 20_000 }, // 31-60
    { type: 'out', bookingId: y, day: -30, amount: 15_000 }, // 8-30
    { type: 'out', bookingId: y, day: -8, amount: 5_000 }, // 8-30
    { type: 'out', bookingId: y, day: -7, amount: 7_000 }, // 0-7
    { type: 'out', bookingId: y, day: 0, amount: 3_000 }, // 0-7
    { type: 'in', bookingId: y, day: 0, amount: 10_000 },
  ]);
  const z = await carrier(agents.z);
  // Z paid more than it owes: nothing to age, not listed.
  await ledger(agents.z, [
    { type: 'out', bookingId: z, day: -5, amount: 50_000 },
    { type: 'in', bookingId: z, day: -1, amount: 60_000 },
  ]);
}, 120_000);

afterAll(async () => {
  await t?.close();
});

const get = (url: string, token = admin.token) => t.app.inject({ method: 'GET', url, headers: bearer(token) });

describe('GET /api/insights/sales-receipts', () => {
  it('when asked, then it answers the 30 days up to today with zero days present, sales by Karachi confirmation day and live receipts by payment day', async () => {
    const response = await get('/api/insights/sales-receipts');
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as SalesReceiptsResponse;
    expect(data.from).toBe(daysFromToday(-29));
    expect(data.to).toBe(daysFromToday(0));
    expect(data.days).toHaveLength(30);
    expect(data.days.map((day) => day.date)).toEqual(Array.from({ length: 30 }, (_, index) => daysFromToday(index - 29)));
    const nonZero = data.days.filter((day) => day.sales !== 0 || day.receipts !== 0);
    expect(nonZero).toEqual([
      { date: daysFromToday(-29), sales: 100_000, receipts: 30_000 },
      { date: daysFromToday(-3), sales: 120_000, receipts: 120_000 },
      { date: daysFromToday(0), sales: 195_000, receipts: 50_000 },
    ]);
    expect(data.total_sales).toBe(415_000);
    expect(data.total_receipts).toBe(200_000);
  });
});

describe('GET /api/insights/seats-by-sector', () => {
  it('when asked, then open groups departing from today on are summed per outbound sector, live bookings\' adults and children as sold', async () => {
    const response = await get('/api/insights/seats-by-sector');
    expect(response.statusCode).toBe(200);
    expect((response.json() as SeatsBySectorResponse).data).toEqual([
      { sector: 'LHE - JED', groups: 3, for_sale: 30, sold: 9, remaining: 21 },
      { sector: 'KHI - JED', groups: 1, for_sale: 10, sold: 1, remaining: 9 },
    ]);
  });
});

describe('GET /api/insights/receivables-by-age', () => {
  it('when asked, then each owing agent\'s debt is aged with reversals on their own booking and payments on the oldest debt first', async () => {
    const response = await get('/api/insights/receivables-by-age');
    expect(response.statusCode).toBe(200);
    const { data } = response.json() as ReceivablesByAgeResponse;
    expect(data.today).toBe(daysFromToday(0));
    expect(data.agents).toEqual([
      { user_id: agents.y.id, agent_id: agents.y.agentId, agent_name: 'Beta Tours', days_0_7: 10_000, days_8_30: 20_000, days_31_60: 50_000, days_over_60: 30_000, total: 110_000 },
      { user_id: agents.x.id, agent_id: agents.x.agentId, agent_name: 'Alpha Travels', days_0_7: 10_000, days_8_30: 60_000, days_31_60: 0, days_over_60: 0, total: 70_000 },
    ]);
  });

  it('when compared with the ledger, then each agent\'s buckets add up to its balance (out - in - reversal)', async () => {
    const { data } = (await get('/api/insights/receivables-by-age')).json() as ReceivablesByAgeResponse;
    const rows = await t.db.select().from(ledgerEntries);
    for (const agent of data.agents) {
      const balance = rows
        .filter((row) => row.agentUserId === agent.user_id)
        .reduce((sum, row) => sum + (row.type === 'out' ? row.amount : -row.amount), 0);
      expect(agent.days_0_7 + agent.days_8_30 + agent.days_31_60 + agent.days_over_60).toBe(balance);
      expect(agent.total).toBe(balance);
    }
  });
});

describe('insights access and export', () => {
  it.each(['/api/insights/sales-receipts', '/api/insights/seats-by-sector', '/api/insights/receivables-by-age', '/api/insights-xlsx?report=seats-by-sector'])(
    'when an agent asks for %s, then 403, and without a token 401',
    async (url) => {
      expect((await get(url, agentToken)).statusCode).toBe(403);
      expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(401);
    },
  );

  it('when the report is unknown, then 422 names the field', async () => {
    const response = await get('/api/insights-xlsx?report=everything');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.report).toEqual(['The report must be one of sales-receipts, seats-by-sector, receivables-by-age.']);
  });

  async function sheetOf(report: string) {
    const response = await get(`/api/insights-xlsx?report=${report}`);
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/vnd.openxmlformats-officedocument.spreadsheetml.sheet');
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${report}.xlsx"`);
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(response.rawPayload as unknown as ArrayBuffer);
    expect(workbook.worksheets).toHaveLength(1);
    const sheet = workbook.worksheets[0]!;
    const values: unknown[][] = [];
    sheet.eachRow((row) => values.push((row.values as unknown[]).slice(1)));
    return values;
  }

  it('when receivables are exported, then the sheet has the same figures as the table and a total row', async () => {
    const rows = await sheetOf('receivables-by-age');
    expect(rows[2]).toEqual(['Agent', '0-7 days', '8-30 days', '31-60 days', 'Over 60 days', 'Total']);
    expect(rows[3]).toEqual([`Beta Tours (Agent-${agents.y.agentId})`, 10_000, 20_000, 50_000, 30_000, 110_000]);
    expect(rows[4]).toEqual([`Alpha Travels (Agent-${agents.x.agentId})`, 10_000, 60_000, 0, 0, 70_000]);
    expect(rows[5]).toEqual(['Total', 20_000, 80_000, 50_000, 30_000, 180_000]);
  });

  it('when seats and sales are exported, then their sheets carry the same numbers', async () => {
    const seats = await sheetOf('seats-by-sector');
    expect(seats.slice(3)).toEqual([
      ['LHE - JED', 3, 30, 9, 21],
      ['KHI - JED', 1, 10, 1, 9],
      ['Total', 4, 40, 10, 30],
    ]);
    const sales = await sheetOf('sales-receipts');
    expect(sales.slice(3)).toHaveLength(31);
    const today = sales[32]!;
    expect((today[0] as Date).toISOString().slice(0, 10)).toBe(daysFromToday(0));
    expect(today.slice(1)).toEqual([195_000, 50_000]);
    expect(sales[33]).toEqual(['Total', 415_000, 200_000]);
  });

  it('when the OpenAPI document is read, then the four insights paths are there', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json() as { paths: Record<string, unknown> };
    for (const path of ['/api/insights/sales-receipts', '/api/insights/seats-by-sector', '/api/insights/receivables-by-age', '/api/insights-xlsx']) {
      expect(document.paths[path], path).toBeDefined();
    }
  });
});


describe('seats by sector after a write through the portal', () => {
  it('when an administrator cancels a confirmed booking, then the next answer frees its seats at once (the ticket board, decision 071)', async () => {
    expect((await get('/api/insights/seats-by-sector')).json().data[0]).toEqual({ sector: 'LHE - JED', groups: 3, for_sale: 30, sold: 9, remaining: 21 });
    const cancelled = await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${fiveSeats}`, headers: bearer(admin.token) });
    expect(cancelled.statusCode).toBe(200);
    const response = await get('/api/insights/seats-by-sector');
    expect(response.statusCode).toBe(200);
    expect((response.json() as SeatsBySectorResponse).data).toEqual([
      { sector: 'LHE - JED', groups: 3, for_sale: 30, sold: 4, remaining: 26 },
      { sector: 'KHI - JED', groups: 1, for_sale: 10, sold: 1, remaining: 9 },
    ]);
  });
});
