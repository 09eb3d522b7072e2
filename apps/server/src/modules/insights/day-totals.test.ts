import type { SalesReceiptsResponse } from '@portal/contract/insights';
import { eq, sql, type SQL } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertAirline, insertMySector } from '../../test/inventory-factories.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { bookings, type BookingRow } from '../bookings/bookings.table.js';
import { daysFromToday, insertDashboardBooking, insertDashboardGroup, karachiMidnightPlus } from '../dashboard/dashboard.fixtures.js';
import type { GroupRow } from '../groups/groups.table.js';
import { payments } from '../payments/payments.table.js';
import type { UserRow } from '../users/users.table.js';
import { recomputedDayFigures, storedDayFigures } from '../../db/workload/workload-invariants.js';
import { dayTotals } from './day-totals.table.js';
import { DAY_TOTALS_COMPACT_AT } from './insights.repository.js';
import { getSalesAndReceipts } from './insights.usecases.js';

// day_totals (decision 061): the triggers of migration 0015 keep each Karachi day's sales and receipts as the writes
// happen. After every kind of write the stored figures must equal the sums recomputed from bookings and payments, the
// way the report summed them before the table existed.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: UserRow;
let group: GroupRow;

const DAY_MINUTES = 24 * 60;
const karachiDayPlus = (days: number, minutes: number) => karachiMidnightPlus(days * DAY_MINUTES + minutes);

async function rowsOf<T>(query: SQL): Promise<T[]> {
  return ((await t.db.execute(query)) as unknown as { rows: T[] }).rows;
}

type DayFigures = { day: string; sales: number; receipts: number };

/** Day figures of `figures` (stored or recomputed), one entry per day whose figures are not both 0. */
async function dayFigures(figures: SQL): Promise<DayFigures[]> {
  const rows = await rowsOf<{ day: string; sales: string; receipts: string }>(sql`
    select to_char(day, 'YYYY-MM-DD') as day, sales::text as sales, receipts::text as receipts from (${figures}) as figures
    where sales <> 0 or receipts <> 0 order by day`);
  return rows.map((row) => ({ day: row.day, sales: Number(row.sales), receipts: Number(row.receipts) }));
}

/** What day_totals holds. */
const stored = () => dayFigures(storedDayFigures);
/** The same figures summed from the bookings and payments themselves. */
const recomputed = () => dayFigures(recomputedDayFigures);

async function countRows(): Promise<number> {
  const [row] = await rowsOf<{ n: number }>(sql`select count(*)::int as n from ${dayTotals}`);
  return row!.n;
}

async function expectInStep(): Promise<DayFigures[]> {
  const expected = await recomputed();
  expect(await stored()).toEqual(expected);
  return expected;
}

async function salesReceipts(): Promise<SalesReceiptsResponse['data']> {
  const response = await t.app.inject({ method: 'GET', url: '/api/insights/sales-receipts', headers: bearer(admin.token) });
  expect(response.statusCode).toBe(200);
  return (response.json() as SalesReceiptsResponse).data;
}

const sale = (state: 'hold' | 'confirmed' | 'cancelled_after_charge', at: Date, options: { adults?: number; discount?: number } = {}) =>
  insertDashboardBooking(t.db, { group, addedBy: admin.user.id, agentUserId: agent.id, createdAt: at, state, ...options });

async function pay(booking: BookingRow, receiveDate: string, amount: number): Promise<number> {
  const [row] = await t.db.insert(payments).values({ bookingId: booking.id, receiveDate, receiveAmount: amount, addedBy: admin.user.id }).returning({ id: payments.id });
  return row!.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agent = (await insertUserWithToken(t.db)).user;
  group = (await insertDashboardGroup(t.db, { airlineId: await insertAirline(t.db), mySectorId: await insertMySector(t.db), firstDay: 10, totalTicket: 100 })).group;
}, 60_000);

afterAll(async () => {
  await t?.close();
});

describe('day_totals (decision 061)', () => {
  it('when bookings are inserted, confirmed, discounted, moved across Karachi midnight, cancelled and deleted, then each day\'s sales follow', async () => {
    // One statement, two days: 2 x 100,000 today, 100,000 - 5,000 two days ago; a hold adds nothing.
    await t.db.insert(bookings).values(
      [
        { at: karachiDayPlus(0, 30), adults: 2, discount: 0 },
        { at: karachiDayPlus(-2, 600), adults: 1, discount: 5_000 },
      ].map(({ at, adults, discount }) => ({
        groupId: group.id,
        agentUserId: agent.id,
        confirmed: true,
        confirmedAt: at,
        adults,
        price: group.price,
        infantPrice: group.infantPrice,
        totalAmount: adults * group.price,
        discount,
        addedBy: admin.user.id,
        createdAt: at,
      })),
    );
    const hold = await sale('hold', karachiDayPlus(-1, 60));
    expect(await expectInStep()).toEqual([
      { day: daysFromToday(-2), sales: 95_000, receipts: 0 },
      { day: daysFromToday(0), sales: 200_000, receipts: 0 },
    ]);

    // The hold confirmed yesterday 23:50 Karachi, then its confirmation moved 20 minutes on: it moves to today.
    await t.db.update(bookings).set({ confirmed: true, confirmedAt: karachiDayPlus(-1, 23 * 60 + 50) }).where(eq(bookings.id, hold.id));
    expect((await expectInStep()).find((day) => day.day === daysFromToday(-1))).toEqual({ day: daysFromToday(-1), sales: 100_000, receipts: 0 });
    await t.db.update(bookings).set({ confirmedAt: karachiDayPlus(0, 10) }).where(eq(bookings.id, hold.id));
    expect(await expectInStep()).toEqual([
      { day: daysFromToday(-2), sales: 95_000, receipts: 0 },
      { day: daysFromToday(0), sales: 300_000, receipts: 0 },
    ]);

    // A discount lowers its day; a cancel takes the booking out, a restore puts it back.
    await t.db.update(bookings).set({ discount: 12_000 }).where(eq(bookings.id, hold.id));
    expect((await expectInStep()).at(-1)!.sales).toBe(288_000);
    await t.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(eq(bookings.id, hold.id));
    expect((await expectInStep()).at(-1)!.sales).toBe(200_000);
    await t.db.update(bookings).set({ cancelStatus: false, cancelledAt: null }).where(eq(bookings.id, hold.id));
    expect((await expectInStep()).at(-1)!.sales).toBe(288_000);

    // An update of anything else appends nothing.
    const before = await countRows();
    await t.db.update(bookings).set({ remarks: 'Window seats', updatedAt: new Date() }).where(eq(bookings.id, hold.id));
    expect(await countRows()).toBe(before);

    // A deleted booking leaves its day.
    await t.db.delete(bookings).where(eq(bookings.id, hold.id));
    expect((await expectInStep()).at(-1)!.sales).toBe(200_000);
  });

  it('when payments are received, soft-deleted, restored, re-dated, corrected and deleted, then each day\'s receipts follow', async () => {
    const booking = await sale('confirmed', karachiDayPlus(-5, 60));
    const first = await pay(booking, daysFromToday(-5), 40_000);
    const second = await pay(booking, daysFromToday(-4), 25_000);
    const receiptsOn = async (days: number) => (await expectInStep()).find((day) => day.day === daysFromToday(days))?.receipts ?? 0;
    expect(await receiptsOn(-5)).toBe(40_000);
    expect(await receiptsOn(-4)).toBe(25_000);

    await t.db.update(payments).set({ deletedAt: new Date(), deletedBy: admin.user.id }).where(eq(payments.id, first));
    expect(await receiptsOn(-5)).toBe(0);
    await t.db.update(payments).set({ deletedAt: null, deletedBy: null }).where(eq(payments.id, first));
    expect(await receiptsOn(-5)).toBe(40_000);

    await t.db.update(payments).set({ receiveDate: daysFromToday(-3), receiveAmount: 30_000 }).where(eq(payments.id, second));
    expect(await receiptsOn(-4)).toBe(0);
    expect(await receiptsOn(-3)).toBe(30_000);

    await t.db.delete(payments).where(eq(payments.id, first));
    expect(await receiptsOn(-5)).toBe(0);
    // Its booking's sale stays on its day.
    expect((await expectInStep()).find((day) => day.day === daysFromToday(-5))).toEqual({ day: daysFromToday(-5), sales: 100_000, receipts: 0 });
  });

  it('when the report is read, then it answers the stored figures, and past the row limit it folds the rows into one per day, the figures unchanged', async () => {
    const expected = await expectInStep();
    const inWindow = expected.filter((day) => day.day >= daysFromToday(-29));
    const report = await salesReceipts();
    expect(report.days.filter((day) => day.sales !== 0 || day.receipts !== 0)).toEqual(inWindow.map(({ day, sales, receipts }) => ({ date: day, sales, receipts })));
    expect(report.total_sales).toBe(inWindow.reduce((sum, day) => sum + day.sales, 0));
    expect(report.total_receipts).toBe(inWindow.reduce((sum, day) => sum + day.receipts, 0));

    // Pairs of rows that cancel out, as many writes to yesterday would leave: over the limit, the read folds them.
    const pairs = Math.ceil(DAY_TOTALS_COMPACT_AT / 2) + 1;
    await t.db.execute(sql`insert into ${dayTotals} (day, sales, receipts)
      select ${daysFromToday(-1)}::date, case when n % 2 = 0 then 7 else -7 end, case when n % 2 = 0 then 3 else -3 end
      from generate_series(1, ${pairs * 2}) as n`);
    expect(await countRows()).toBeGreaterThan(DAY_TOTALS_COMPACT_AT);
    // Straight to the report's usecase: the route's read cache knows nothing of rows written in SQL.
    expect(await getSalesAndReceipts({ db: t.db })).toEqual(report);
    expect(await countRows()).toBe(expected.length);
    expect(await expectInStep()).toEqual(expected);
    expect(await getSalesAndReceipts({ db: t.db })).toEqual(report);
  });

  it('when payments are truncated, then every day\'s receipts go and its sales stay', async () => {
    const before = await expectInStep();
    await t.db.execute(sql`truncate ${payments} cascade`);
    const after = await expectInStep();
    expect(after).toEqual(before.filter((day) => day.sales !== 0).map((day) => ({ ...day, receipts: 0 })));
  });
});
