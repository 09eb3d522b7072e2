import type { BookingListRow } from '@portal/contract/booking-lifecycle';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestBookingState, type TestGroup } from '../bookings/booking-lifecycle.factories.js';
import type { UserRow } from '../users/users.table.js';

// Issue 21 §8 (decision 022): the General Report over a from..to range of booking dates (Asia/Karachi days), each
// row's amount due, and the same report as xlsx. One database for this file, so the totals are exact.

const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
const PKR_FORMAT = '"PKR "#,##0;"PKR -"#,##0';

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let group: TestGroup;
const ids = { partly: 0, lateNight: 0, walkIn: 0, paid: 0 };

async function booking(options: {
  createdAt: string;
  state?: TestBookingState;
  walkIn?: boolean;
  adults?: number;
  discount?: number;
  received?: number;
}): Promise<number> {
  const walkIn = options.walkIn ?? false;
  const { booking: row } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group: group.group,
    addedBy: walkIn ? admin.user.id : agent.user.id,
    agentUserId: walkIn ? null : agent.user.id,
    state: options.state ?? 'confirmed',
    adults: options.adults ?? 1,
    discount: options.discount ?? 0,
    received: options.received ?? 0,
    createdAt: new Date(options.createdAt),
  });
  return row.id;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agent = await insertUserWithToken(t.db, { name: 'Amir Shah', agencyName: 'Alpha Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 100, price: 100_000 });
  // Final 190,000, received 50,000: 140,000 due.
  ids.partly = await booking({ createdAt: '2026-03-01T10:00:00Z', adults: 2, discount: 10_000, received: 50_000 });
  ids.paid = await booking({ createdAt: '2026-03-03T10:00:00Z', received: 100_000 });
  await booking({ createdAt: '2026-03-04T10:00:00Z', state: 'hold' });
  // 20:30 UTC on 5 March is 01:30 on 6 March in Karachi: booked on the 6th.
  ids.lateNight = await booking({ createdAt: '2026-03-05T20:30:00Z' });
  ids.walkIn = await booking({ createdAt: '2026-03-10T10:00:00Z', walkIn: true });
  t.dataChanged();
});
afterAll(() => t.close());

function get(url: string, token = admin.token) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function reportOf(query: string) {
  const response = await get(`/api/listofallpendingpayments${query}`);
  expect(response.statusCode, response.body).toBe(200);
  const { report, pending, partial } = response.json().data as { report: unknown; pending: BookingListRow[]; partial: BookingListRow[] };
  const due = (rows: BookingListRow[]) => rows.map((row) => [row.id, row.remaining_amount]);
  return { report, pending: due(pending), partial: due(partial) };
}

describe('GET /api/listofallpendingpayments?from=&to=', () => {
  it('when no range is sent, then every confirmed live booking counts and each listed row carries its amount due', async () => {
    expect(await reportOf('')).toEqual({
      report: { total_sale: 490_000, received_payment: 150_000, pending_payment: 340_000, cancellation_charges: 0 },
      pending: [[ids.walkIn, 100_000], [ids.lateNight, 100_000]],
      partial: [[ids.partly, 140_000]],
    });
  });

  it('when a from..to range is sent, then totals and lists hold only bookings made on those Karachi days', async () => {
    expect(await reportOf('?from=2026-03-01&to=2026-03-05')).toEqual({
      report: { total_sale: 290_000, received_payment: 150_000, pending_payment: 140_000, cancellation_charges: 0 },
      pending: [],
      partial: [[ids.partly, 140_000]],
    });
    expect(await reportOf('?from=2026-03-06&to=2026-03-06')).toEqual({
      report: { total_sale: 100_000, received_payment: 0, pending_payment: 100_000, cancellation_charges: 0 },
      pending: [[ids.lateNight, 100_000]],
      partial: [],
    });
  });

  it('when only one end is sent, then the range is open on the other side', async () => {
    expect((await reportOf('?from=2026-03-06')).pending).toEqual([[ids.walkIn, 100_000], [ids.lateNight, 100_000]]);
    expect((await reportOf('?to=2026-03-05&from=')).report).toEqual({ total_sale: 290_000, received_payment: 150_000, pending_payment: 140_000, cancellation_charges: 0 });
  });

  it('when the range is reversed or not a date, then 422 names the field', async () => {
    const reversed = await get('/api/listofallpendingpayments?from=2026-03-06&to=2026-03-01');
    expect(reversed.statusCode).toBe(422);
    expect(reversed.json().errors.to).toEqual(['The to must be a date after or equal to from.']);
    const bad = await get('/api/listofallpendingpayments?from=2026-02-30');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.from).toEqual(['The from is not a valid date (YYYY-MM-DD).']);
  });
});

async function workbookOf(bytes: Buffer): Promise<ExcelJS.Workbook> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  return workbook;
}

function rowValues(sheet: ExcelJS.Worksheet, row: number, columns: number[]): unknown[] {
  return columns.map((column) => {
    const value = sheet.getRow(row).getCell(column).value;
    return value instanceof Date ? value.toISOString().slice(0, 10) : value;
  });
}

describe('GET /api/general-report-xlsx', () => {
  it('when an admin exports a range, then the workbook holds the same totals and rows with exact amounts due', async () => {
    const response = await get('/api/general-report-xlsx?from=2026-03-01&to=2026-03-06');
    expect(response.statusCode, response.body).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe('attachment; filename="general-report-from-2026-03-01-to-2026-03-06.xlsx"');

    const workbook = await workbookOf(response.rawPayload);
    expect(workbook.worksheets.map((sheet) => sheet.name)).toEqual(['Summary', 'Fully Pending Payments', 'Partial Pending Payments']);
    const [summary, pending, partial] = workbook.worksheets as [ExcelJS.Worksheet, ExcelJS.Worksheet, ExcelJS.Worksheet];
    expect(rowValues(summary, 1, [1])).toEqual(['General Report']);
    expect(rowValues(summary, 2, [1])).toEqual(['Booked 01 Mar 2026 to 06 Mar 2026']);
    expect([5, 6, 7].map((row) => rowValues(summary, row, [1, 2]))).toEqual([
      ['Total Sale', 390_000],
      ['Received Payment', 150_000],
      ['Pending Payment', 240_000],
    ]);
    expect(summary.getRow(5).getCell(2).numFmt).toBe(PKR_FORMAT);

    expect(rowValues(pending, 4, [1, 2, 5, 8, 9, 10, 11, 12])).toEqual(['Id', 'PNR', 'Date', 'Agent', 'Booking Date', 'Total', 'Received', 'Due']);
    expect(rowValues(pending, 5, [1, 2, 8, 9, 10, 11, 12])).toEqual([
      ids.lateNight,
      group.group.pnr,
      `Alpha Travels (Agent-${agent.user.agentId})`,
      '2026-03-06',
      100_000,
      0,
      100_000,
    ]);
    expect(rowValues(pending, 6, [1, 10, 11, 12])).toEqual(['Total', 100_000, 0, 100_000]);
    expect(rowValues(partial, 5, [1, 7, 10, 11, 12])).toEqual([ids.partly, 2, 190_000, 50_000, 140_000]);
    expect(partial.getRow(5).getCell(12).numFmt).toBe(PKR_FORMAT);
  });

  it('when no range is sent, then every booking is exported under general-report.xlsx; agents get 403', async () => {
    const response = await get('/api/general-report-xlsx');
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-disposition']).toBe('attachment; filename="general-report.xlsx"');
    const pending = (await workbookOf(response.rawPayload)).worksheets[1]!;
    expect(rowValues(pending, 2, [1])).toEqual(['All bookings']);
    expect([5, 6].map((row) => rowValues(pending, row, [1, 12]))).toEqual([[ids.walkIn, 100_000], [ids.lateNight, 100_000]]);
    expect(rowValues(pending, 5, [8])).toEqual(['Walk-in']);
    expect((await get('/api/general-report-xlsx', agent.token)).statusCode).toBe(403);
  });
});

describe('cancellation charges in the General Report (PRODUCT §6, decision 032)', () => {
  it('when a confirmed booking made in the range is cancelled with a charge, then the report and the xlsx Summary show it, outside Total Sale', async () => {
    const charged = await booking({ createdAt: '2026-03-08T10:00:00Z', received: 20_000 });
    const cancel = await get(`/api/cancelbooking/${charged}?cancellation_charge=35000`);
    expect(cancel.statusCode, cancel.body).toBe(200);

    expect((await reportOf('?from=2026-03-08&to=2026-03-08')).report).toEqual({
      total_sale: 0,
      received_payment: 0,
      pending_payment: 0,
      cancellation_charges: 35_000,
    });
    // A range without it: no charge.
    expect((await reportOf('?from=2026-03-01&to=2026-03-06')).report).toMatchObject({ cancellation_charges: 0 });

    const response = await get('/api/general-report-xlsx?from=2026-03-08&to=2026-03-08');
    expect(response.statusCode, response.body).toBe(200);
    const summary = (await workbookOf(response.rawPayload)).getWorksheet('Summary')!;
    expect(rowValues(summary, 2, [1])).toEqual(['Booked 08 Mar 2026 to 08 Mar 2026']);
    expect([4, 5, 6, 7, 8].map((row) => rowValues(summary, row, [1, 2]))).toEqual([
      ['Item', 'Amount'],
      ['Total Sale', 0],
      ['Received Payment', 0],
      ['Pending Payment', 0],
      ['Cancellation Charges', 35_000],
    ]);
    expect(summary.getRow(8).getCell(2).numFmt).toBe(PKR_FORMAT);
  });
});
