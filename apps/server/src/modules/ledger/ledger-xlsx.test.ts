import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { daysFromToday, insertAgentWithToken, insertBookableGroup } from '../bookings/bookings.fixtures.js';
import type { GroupRow } from '../groups/groups.table.js';
import type { UserRow } from '../users/users.table.js';
import { bookAsAgent, cancelAsAdmin, confirmAsAdmin, setEntryDate } from './ledger.fixtures.js';

// Issue 21 §8 (decision 022): the ledger exports to xlsx, for the same agent and date range as the page.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PKR_FORMAT = '"PKR "#,##0;"PKR -"#,##0';
const D = daysFromToday;

let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let group: GroupRow;
let b1: number;
let b2: number;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agentA = await insertAgentWithToken(t.db, { name: 'Ahmed Raza', agencyName: 'Alpha Travels' });
  agentB = await insertAgentWithToken(t.db, { name: 'Bilal Shah', agencyName: 'Beta Tours' });
  group = await insertBookableGroup(t.db, { totalTicket: 20, price: 100_000, infantPrice: 20_000 });
  // b1: 2 adults, discount 20,000 → out 180,000, paid 50,000; b2: 1 adult + 1 infant → out 120,000, cancelled.
  b1 = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: group.pnr, adults: 2 });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: b1, discount: 20_000, receivePayment: 50_000 });
  b2 = await bookAsAgent(t.app, multipart, { token: agentA.token, pnr: group.pnr, adults: 1, infants: 1 });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: b2 });
  await cancelAsAdmin(t.app, { token: admin.token, bookingId: b2 });
  const bB = await bookAsAgent(t.app, multipart, { token: agentB.token, pnr: group.pnr });
  await confirmAsAdmin(t.app, { token: admin.token, bookingId: bB });
  await setEntryDate(t.db, { bookingId: b1, type: 'out', date: D(-10) });
  await setEntryDate(t.db, { bookingId: b2, type: 'out', date: D(-7) });
  await setEntryDate(t.db, { bookingId: b1, type: 'in', date: D(-5) });
  await setEntryDate(t.db, { bookingId: b2, type: 'reversal', date: D(0) });
});
afterAll(() => t.close());

function exportLedger(query: string, token: string) {
  return t.app.inject({ method: 'GET', url: `/api/account-report-xlsx?${query}`, headers: bearer(token) });
}

async function sheetOf(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

/** Rows from `from` on, as plain values (dates as YYYY-MM-DD), columns A..H. */
function valuesFrom(sheet: ExcelJS.Worksheet, from: number): unknown[][] {
  const rows: unknown[][] = [];
  for (let index = from; index <= sheet.rowCount; index++) {
    rows.push(
      Array.from({ length: 8 }, (_, column) => {
        const value = sheet.getRow(index).getCell(column + 1).value;
        return value instanceof Date ? value.toISOString().slice(0, 10) : value;
      }),
    );
  }
  return rows;
}

describe('GET /api/account-report-xlsx', () => {
  it('when an admin exports an agent ledger, then an xlsx attachment holds the opening row, every row with exact PKR amounts, and the closing row', async () => {
    const agentNumber = `Agent-${agentA.user.agentId}`;
    const response = await exportLedger(`agent_id=${agentA.user.agentId}&type=all`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ledger-${agentNumber}.xlsx"`);
    expect(response.headers['cache-control']).toContain('no-store');

    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe(`Ledger of Alpha Travels (${agentNumber})`);
    expect(sheet.getRow(2).getCell(1).value).toBe('All records');
    expect(valuesFrom(sheet, 4)).toEqual([
      ['Date', 'Description', 'Type', 'PNR', 'Booking Id', 'Debit', 'Credit', 'Balance'],
      [null, 'Opening Balance', null, null, null, null, null, 0],
      [D(-10), expect.any(String), 'Booking', group.pnr, b1, 180_000, null, 180_000],
      [D(-7), expect.any(String), 'Booking', group.pnr, b2, 120_000, null, 300_000],
      [D(-5), expect.any(String), 'Payment', group.pnr, b1, null, 50_000, 250_000],
      [D(0), expect.any(String), 'Reversal', group.pnr, b2, null, 120_000, 130_000],
      [null, 'Closing Balance', null, null, null, 300_000, 170_000, 130_000],
    ]);
    // Amounts are numbers shown the way the app shows them: 'PKR 180,000'.
    expect(sheet.getRow(6).getCell(6).numFmt).toBe(PKR_FORMAT);
    expect(sheet.getRow(10).getCell(8).numFmt).toBe(PKR_FORMAT);

    // Asked again at once: a file again, not a cached answer without its name (plugins/read-cache.ts).
    const again = await exportLedger(`agent_id=${agentA.user.agentId}&type=all`, admin.token);
    expect(again.headers['content-disposition']).toBe(`attachment; filename="ledger-${agentNumber}.xlsx"`);
    expect((await sheetOf(again.rawPayload)).rowCount).toBe(10);
  });

  it('when a date range is sent, then only its rows are exported, opening at the balance before it', async () => {
    const response = await exportLedger(`agent_id=${agentA.user.agentId}&type=date&from=${D(-8)}&to=${D(-1)}`, admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(
      `attachment; filename="ledger-Agent-${agentA.user.agentId}-${D(-8)}-to-${D(-1)}.xlsx"`,
    );
    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.getRow(2).getCell(1).value).toMatch(/^\d{2} [A-Z][a-z]{2} \d{4} to \d{2} [A-Z][a-z]{2} \d{4}$/);
    expect(valuesFrom(sheet, 5)).toEqual([
      [D(-8), 'Opening Balance', null, null, null, null, null, 180_000],
      [D(-7), expect.any(String), 'Booking', group.pnr, b2, 120_000, null, 300_000],
      [D(-5), expect.any(String), 'Payment', group.pnr, b1, null, 50_000, 250_000],
      [D(-1), 'Closing Balance', null, null, null, 120_000, 50_000, 250_000],
    ]);
  });

  it("when an agent exports, then its own ledger comes whatever agent_id it sends", async () => {
    const response = await exportLedger(`agent_id=${agentA.user.agentId}&type=all`, agentB.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="ledger-Agent-${agentB.user.agentId}.xlsx"`);
    const sheet = await sheetOf(response.rawPayload);
    expect(sheet.getRow(1).getCell(1).value).toBe(`Ledger of Beta Tours (Agent-${agentB.user.agentId})`);
    expect(valuesFrom(sheet, 6).map((row) => row[4])).toEqual([expect.any(Number), null]);
  });

  it('when the range is incomplete or reversed, then 422 as account-api; without a token 401', async () => {
    const missing = await exportLedger(`agent_id=${agentA.user.agentId}&type=date&from=${D(-8)}`, admin.token);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.to).toEqual(['The to field is required.']);
    const reversed = await exportLedger(`agent_id=${agentA.user.agentId}&type=date&from=${D(-1)}&to=${D(-8)}`, admin.token);
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual(['The to must be a date after or equal to from.']);
    expect((await t.app.inject({ method: 'GET', url: '/api/account-report-xlsx?type=all' })).statusCode).toBe(401);
  });
});
