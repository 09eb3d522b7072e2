import ExcelJS from 'exceljs';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSignedUrl } from '../../lib/signed-url.js';
import { insertGroupRow } from '../../test/group-rows.js';
import { buildTestApp, type TestAgent, type TestApp } from '../../test/helpers.js';
import { daysFromToday, insertAirline, insertSector } from '../../test/inventory-factories.js';
import { uniquePng } from '../../test/uploads.js';
import { bookingPassengers, bookings } from '../bookings/bookings.table.js';
import { users } from '../users/users.table.js';
import { getPnrExcelLink, getPnrPdfLink } from './document-links.js';
import { insertBookingWithPassengers, type PassengerFixture } from './documents.fixtures.js';
import { extractPdfLines } from './pdf-text.fixtures.js';

// PNR PDF and the PNR passenger name list (xlsx) through the whole app (PRODUCT §4 "Files and documents").

const INVALID_LINK = { message: 'This link has expired or is not valid.' };
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

let t: TestApp;
let agent: TestAgent;
let adminId: number;
let pnr: string;
let emptyPnr: string;
let emptyGroupId: number;
let firstBookingId: number;
let walkInBookingId: number;

function passenger(overrides: Partial<PassengerFixture> & Pick<PassengerFixture, 'firstname' | 'lastname' | 'passportNo'>): PassengerFixture {
  return { type: 'adult', title: 'Mr', dob: '1985-04-09', passportExpiryDate: '2031-02-28', passport: uniquePng(), ...overrides };
}

function toRequestUrl(link: string): string {
  const url = new URL(link);
  return `${url.pathname}${url.search}`;
}

function pdfLink(forPnr: string): string {
  return toRequestUrl(getPnrPdfLink({ secret: t.app.appSecret, publicUrl: t.config.publicUrl, pnr: forPnr }));
}

function excelLink(forPnr: string): string {
  return toRequestUrl(getPnrExcelLink({ secret: t.app.appSecret, publicUrl: t.config.publicUrl, pnr: forPnr }));
}

function get(url: string) {
  return t.app.inject({ method: 'GET', url });
}

async function readWorkbook(bytes: Buffer): Promise<ExcelJS.Worksheet> {
  const workbook = new ExcelJS.Workbook();
  await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
  expect(workbook.worksheets).toHaveLength(1);
  return workbook.worksheets[0]!;
}

function isoDay(value: ExcelJS.CellValue): string {
  expect(value).toBeInstanceOf(Date);
  return (value as Date).toISOString().slice(0, 10);
}

beforeAll(async () => {
  t = await buildTestApp();
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin')).limit(1);
  adminId = admin!.id;
  agent = await t.createAgent();
  const airlineId = await insertAirline(t.db, { fullName: 'Saudia Airlines' });
  const sector = await insertSector(t.db, { from: 'KHI', to: 'JED' });
  const group = await insertGroupRow(t.db, { airlineId, sectorIds: [sector], departureDate: daysFromToday(20) });
  pnr = group.pnr;
  const emptyGroup = await insertGroupRow(t.db, { airlineId, sectorIds: [sector], departureDate: daysFromToday(25) });
  emptyPnr = emptyGroup.pnr;
  emptyGroupId = emptyGroup.id;

  const common = { db: t.db, uploadsDir: t.app.uploadsDir, groupId: group.id };
  firstBookingId = (
    await insertBookingWithPassengers({
      ...common,
      addedBy: agent.user.id,
      agentUserId: agent.user.id,
      passengers: [
        passenger({ firstname: 'USMAN', lastname: 'TARIQ', passportNo: 'PA1000001' }),
        passenger({ type: 'child', title: 'Miss', firstname: 'AYESHA', lastname: 'TARIQ', passportNo: 'PA1000002', dob: '2018-07-15' }),
        passenger({ type: 'infant', title: 'Inf', firstname: 'HAMZA', lastname: 'TARIQ', passportNo: 'PA1000003', dob: daysFromToday(-300) }),
      ],
    })
  ).bookingId;
  // Cancelled: its passengers are not on the list and its seats are not sold.
  await insertBookingWithPassengers({
    ...common,
    addedBy: agent.user.id,
    agentUserId: agent.user.id,
    state: 'cancelled',
    passengers: [passenger({ firstname: 'GONE', lastname: 'PASSENGER', passportNo: 'PX9999999' })],
  });
  // A live hold is on the list.
  walkInBookingId = (
    await insertBookingWithPassengers({
      ...common,
      addedBy: adminId,
      state: 'hold',
      cancelAt: new Date(Date.now() + 3_600_000),
      passengers: [passenger({ title: 'Mrs', firstname: 'NADIA', lastname: 'IQBAL', passportNo: 'PB2000001' })],
    })
  ).bookingId;
});

afterAll(async () => {
  await t?.close();
});

describe('GET /api/pnr-pdf/:pnr', () => {
  it('when the view link is opened, then an inline PDF with the group summary and the names of live bookings', async () => {
    const response = await get(pdfLink(pnr));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe('application/pdf');
    expect(response.headers['content-disposition']).toBe(`inline; filename="pnr-${pnr}.pdf"`);
    expect(response.headers['cache-control']).toBe('private, no-store');

    const lines = extractPdfLines(response.rawPayload);
    expect(lines).toContain(`PNR ${pnr}`);
    expect(lines).toContain('Saudia Airlines');
    expect(lines).toContain('PK-100');
    expect(lines).toContain('KHI - JED');
    // 10 seats for sale; sold = 1 adult + 1 child + 1 adult (the infant takes no seat, the cancelled booking none).
    const fact = (label: string) => lines[lines.indexOf(label) + 1];
    expect(fact('Total seats')).toBe('10');
    expect(fact('Sold')).toBe('3');
    expect(fact('Remaining')).toBe('7');
    expect(lines).toContain('Passenger name list (4)');
    for (const name of ['USMAN TARIQ', 'AYESHA TARIQ', 'HAMZA TARIQ', 'NADIA IQBAL']) expect(lines).toContain(name);
    expect(lines).toEqual(expect.arrayContaining(['Adult', 'Child', 'Infant', 'PA1000001', 'PB2000001', 'Walk-in']));
    expect(lines).toContain(`Test Travels (Agent-${agent.user.agentId})`);
    expect(lines.join('\n')).not.toContain('GONE');
    expect(lines).not.toContain('PX9999999');
  });

  it('when the group has no live bookings, then the PDF says so', async () => {
    const response = await get(pdfLink(emptyPnr));
    expect(response.statusCode).toBe(200);
    const lines = extractPdfLines(response.rawPayload);
    expect(lines).toContain(`PNR ${emptyPnr}`);
    expect(lines).toContain('No passengers booked');
  });

  it('when the signature is altered, expired or made for another PNR or the Excel path, then 403', async () => {
    const link = pdfLink(pnr);
    const tampered = link.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    const expired = toRequestUrl(
      createSignedUrl({ secret: t.app.appSecret, publicUrl: t.config.publicUrl, path: `/api/pnr-pdf/${pnr}`, now: new Date(Date.now() - 3_600_000) }),
    );
    const otherPnr = pdfLink(emptyPnr).replace(`/api/pnr-pdf/${emptyPnr}`, `/api/pnr-pdf/${pnr}`);
    const excelSignature = excelLink(pnr).replace('/api/pnr-excel/', '/api/pnr-pdf/');
    for (const url of [tampered, expired, otherPnr, excelSignature, `/api/pnr-pdf/${pnr}`]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(INVALID_LINK);
    }
  });

  it('when the PNR is unknown or its group was deleted, then 404 with a valid link', async () => {
    const unknown = await get(pdfLink('NOPNR1'));
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'PNR not found.' });

    const deleted = await insertGroupRow(t.db, { departureDate: daysFromToday(40), deleted: true });
    expect((await get(pdfLink(deleted.pnr))).statusCode).toBe(404);
    expect((await get(excelLink(deleted.pnr))).statusCode).toBe(404);
  });
});

describe('GET /api/pnr-excel/:pnr', () => {
  it('when the link is opened, then an xlsx attachment named {PNR}-passenger-list.xlsx', async () => {
    const response = await get(excelLink(pnr));
    expect(response.statusCode).toBe(200);
    expect(response.headers['content-type']).toBe(XLSX);
    expect(response.headers['content-disposition']).toBe(`attachment; filename="${pnr}-passenger-list.xlsx"`);
    expect(response.headers['cache-control']).toBe('private, no-store');
  });

  it('when it is read back, then a bold frozen header and one row a passenger of the live bookings, ready for the airline', async () => {
    const sheet = await readWorkbook((await get(excelLink(pnr))).rawPayload);
    const header = sheet.getRow(1);
    expect((header.values as ExcelJS.CellValue[]).slice(1)).toEqual([
      'No',
      'Title',
      'Surname',
      'Given name',
      'Type',
      'Date of birth',
      'Passport No',
      'Passport expiry',
      'Ticket No',
      'Booking Id',
      'Agent',
    ]);
    expect(header.getCell(1).font?.bold).toBe(true);
    expect(sheet.views[0]).toMatchObject({ state: 'frozen', ySplit: 1 });
    expect(sheet.rowCount).toBe(5);

    const rows = [2, 3, 4, 5].map((number) => sheet.getRow(number));
    const agentLabel = `Test Travels (Agent-${agent.user.agentId})`;
    expect(rows.map((row) => (row.values as ExcelJS.CellValue[]).slice(1, 6))).toEqual([
      [1, 'Mr', 'TARIQ', 'USMAN', 'ADT'],
      [2, 'Miss', 'TARIQ', 'AYESHA', 'CHD'],
      [3, 'Inf', 'TARIQ', 'HAMZA', 'INF'],
      [4, 'Mrs', 'IQBAL', 'NADIA', 'ADT'],
    ]);
    expect(rows.map((row) => row.getCell(7).value)).toEqual(['PA1000001', 'PA1000002', 'PA1000003', 'PB2000001']);
    expect(rows.map((row) => row.getCell(9).value)).toEqual(['', '', '', '']);
    expect(rows.map((row) => row.getCell(10).value)).toEqual([firstBookingId, firstBookingId, firstBookingId, walkInBookingId]);
    expect(rows.map((row) => row.getCell(11).value)).toEqual([agentLabel, agentLabel, agentLabel, 'Walk-in']);
    expect(isoDay(rows[0]!.getCell(6).value)).toBe('1985-04-09');
    expect(isoDay(rows[1]!.getCell(6).value)).toBe('2018-07-15');
    expect(isoDay(rows[2]!.getCell(6).value)).toBe(daysFromToday(-300));
    expect(isoDay(rows[3]!.getCell(8).value)).toBe('2031-02-28');
    // The cancelled booking's passenger is absent.
    const everything = JSON.stringify(rows.map((row) => row.values));
    expect(everything).not.toContain('GONE');
    expect(everything).not.toContain('PX9999999');
  });

  it('when passengers have ticket numbers, then the Ticket No column holds them as text', async () => {
    const [first] = await t.db.select({ id: bookingPassengers.id }).from(bookingPassengers).where(eq(bookingPassengers.bookingId, firstBookingId)).orderBy(bookingPassengers.position).limit(1);
    await t.db.update(bookingPassengers).set({ ticketNo: '0012400000001' }).where(eq(bookingPassengers.id, first!.id));
    try {
      const sheet = await readWorkbook((await get(excelLink(pnr))).rawPayload);
      expect([2, 3].map((number) => sheet.getRow(number).getCell(9).value)).toEqual(['0012400000001', '']);
    } finally {
      await t.db.update(bookingPassengers).set({ ticketNo: null }).where(eq(bookingPassengers.id, first!.id));
    }
  });

  it('when the group has no live bookings, then only the header row', async () => {
    const sheet = await readWorkbook((await get(excelLink(emptyPnr))).rawPayload);
    expect(sheet.rowCount).toBe(1);
    expect(sheet.getRow(1).getCell(3).value).toBe('Surname');
  });

  it('when a booking is cancelled later, then the next download leaves its passengers out', async () => {
    const { bookingId } = await insertBookingWithPassengers({
      db: t.db,
      uploadsDir: t.app.uploadsDir,
      groupId: emptyGroupId,
      addedBy: adminId,
      passengers: [passenger({ firstname: 'LATE', lastname: 'CANCEL', passportNo: 'PL0000001' })],
    });
    expect((await readWorkbook((await get(excelLink(emptyPnr))).rawPayload)).rowCount).toBe(2);
    await t.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(eq(bookings.id, bookingId));
    expect((await readWorkbook((await get(excelLink(emptyPnr))).rawPayload)).rowCount).toBe(1);
  });

  it('when the signature is altered, expired or made for the PDF path, then 403', async () => {
    const link = excelLink(pnr);
    const tampered = link.replace(/signature=(.)/, (_match, first: string) => `signature=${first === 'A' ? 'B' : 'A'}`);
    const expired = toRequestUrl(
      createSignedUrl({ secret: t.app.appSecret, publicUrl: t.config.publicUrl, path: `/api/pnr-excel/${pnr}`, now: new Date(Date.now() - 3_600_000) }),
    );
    const pdfSignature = pdfLink(pnr).replace('/api/pnr-pdf/', '/api/pnr-excel/');
    for (const url of [tampered, expired, pdfSignature]) {
      const response = await get(url);
      expect(response.statusCode, url).toBe(403);
      expect(response.json(), url).toEqual(INVALID_LINK);
    }
  });
});
