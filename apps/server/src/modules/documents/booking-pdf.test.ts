import ExcelJS from 'exceljs';
import { describe, expect, it } from 'vitest';
import { PNG_BYTES, WEBP_BYTES } from '../../test/uploads.js';
import { describeBookingStatus, renderBookingPdf, type BookingPdfData } from './booking-pdf.js';
import type { NameListEntry } from './document-data.js';
import { formatCalendarDate, formatKarachiDateTime, formatMoney } from './document-format.js';
import { countPdfPages, extractPdfLines, hasPdfImage } from './pdf-text.fixtures.js';
import { renderPnrExcel } from './pnr-excel.js';
import { renderPnrPdf } from './pnr-pdf.js';

// The renderers from plain data (no database): what they print, page breaks, pictures, formats.

const leg = {
  flightNumber: 'SV-737',
  sectorName: 'KHI - JED',
  departureAirport: 'JINNAH INTL',
  departureDate: '2026-03-05',
  departureTime: '23:50:00',
  arrivalAirport: 'KING ABDULAZIZ INTL',
  arrivalDate: '2026-03-06',
  arrivalTime: '02:10:00',
  baggageKg: 46,
  handCarryKg: 7,
};

function bookingData(overrides: Partial<BookingPdfData> = {}): BookingPdfData {
  return {
    bookingId: 41,
    pnr: 'XYZ789',
    agency: { name: 'Makkah Tours', agentId: 1042 },
    airline: { name: 'Saudia', logo: null },
    meal: true,
    legs: [leg],
    passengers: [
      { title: 'Mr', firstname: 'IMRAN', lastname: 'BUTT', type: 'adult', dob: '1980-12-31', passportNo: 'QA1234567', passportExpiryDate: '2031-01-01', ticketNo: '0652400123456' },
      { title: 'Mstr', firstname: 'ZAIN', lastname: 'BUTT', type: 'child', dob: '2019-05-05', passportNo: 'QA7654321', passportExpiryDate: '2029-05-05', ticketNo: null },
    ],
    totals: { totalAmount: 1_234_567, discount: 34_567, finalTotal: 1_200_000, receivedAmount: 0, remainingAmount: 1_200_000 },
    status: { kind: 'confirmed' },
    bookingDate: new Date('2026-02-01T19:30:00Z'),
    remarks: null,
    ...overrides,
  };
}

function passengers(count: number): NameListEntry[] {
  return Array.from({ length: count }, (_, index) => ({
    title: 'Mr',
    firstname: `GIVEN${index}`,
    lastname: `SURNAME${index}`,
    type: 'adult' as const,
    dob: '1990-01-01',
    passportNo: `P${String(index).padStart(8, '0')}`,
    passportExpiryDate: '2030-01-01',
    ticketNo: index % 2 === 0 ? `15724000${String(index).padStart(5, '0')}` : null,
    bookingId: 1 + Math.floor(index / 5),
    agency: null,
  }));
}

describe('formats', () => {
  it('when money, dates and instants are printed, then PKR with grouping, DD Mon YYYY and Asia/Karachi', () => {
    expect(formatMoney(1_234_567)).toBe('PKR 1,234,567');
    expect(formatMoney(0)).toBe('PKR 0');
    expect(formatCalendarDate('2026-03-05')).toBe('05 Mar 2026');
    // 19:30 UTC on 1 Feb is 00:30 on 2 Feb in Karachi.
    expect(formatKarachiDateTime(new Date('2026-02-01T19:30:00Z'))).toBe('02 Feb 2026, 12:30 AM');
  });

  it('when a status is described, then Hold carries its expiry as Ex. date at time', () => {
    expect(describeBookingStatus({ kind: 'confirmed' })).toBe('Confirmed');
    expect(describeBookingStatus({ kind: 'cancelled' })).toBe('Cancelled');
    expect(describeBookingStatus({ kind: 'ticketed' })).toBe('Ticketed');
    expect(describeBookingStatus({ kind: 'hold', cancelAt: new Date('2026-06-30T07:05:00Z') })).toBe('Hold (Ex. 30 Jun 2026 at 12:05 PM)');
    expect(describeBookingStatus({ kind: 'hold', cancelAt: null })).toBe('Hold');
  });
});

describe('renderBookingPdf', () => {
  it('when rendered uncompressed, then every field is in the text', async () => {
    const pdf = await renderBookingPdf(bookingData({ remarks: 'Family of two' }), { compress: false });
    const lines = extractPdfLines(pdf);
    expect(lines).toEqual(
      expect.arrayContaining([
        'Booking #41',
        'Makkah Tours (Agent-1042)',
        'XYZ789',
        'Confirmed',
        '02 Feb 2026, 12:30 AM',
        'Agent-1042',
        'Saudia',
        'SV-737',
        'KHI - JED',
        'JINNAH INTL',
        '05 Mar 2026 23:50',
        '06 Mar 2026 02:10',
        '46kg + 7kg hand carry',
        'Yes',
        'IMRAN BUTT',
        'ZAIN BUTT',
        'Mstr',
        'Child',
        '31 Dec 1980',
        'QA7654321',
        '05 May 2029',
        'Ticket No',
        '0652400123456',
        '-',
        'PKR 1,234,567',
        'PKR 34,567',
        'PKR 1,200,000',
        'PKR 0',
        'Family of two',
      ]),
    );
    expect(countPdfPages(pdf)).toBe(1);
  });

  it('when every passenger has a ticket number, then the status reads Ticketed and the numbers are listed', async () => {
    const ticketed = bookingData({
      status: { kind: 'ticketed' },
      passengers: bookingData().passengers.map((passenger, index) => ({ ...passenger, ticketNo: `157240012345${index}` })),
    });
    const lines = extractPdfLines(await renderBookingPdf(ticketed, { compress: false }));
    expect(lines).toEqual(expect.arrayContaining(['Ticketed', '1572400123450', '1572400123451']));
  });

  it('when the logo is a PNG it is embedded; a WebP (pdfkit cannot draw it) is left out and the PDF is still made', async () => {
    expect(hasPdfImage(await renderBookingPdf(bookingData({ airline: { name: 'Saudia', logo: PNG_BYTES } })))).toBe(true);
    const withWebp = await renderBookingPdf(bookingData({ airline: { name: 'Saudia', logo: WEBP_BYTES } }));
    expect(hasPdfImage(withWebp)).toBe(false);
    expect(extractPdfLines(withWebp)).toContain('XYZ789');
  });

  it('when there are many legs and passengers, then the tables run onto further pages with their headers repeated', async () => {
    const many = bookingData({
      legs: [leg, leg, leg, leg],
      passengers: passengers(60).map(({ bookingId: _bookingId, agency: _agency, ...passenger }) => passenger),
    });
    const pdf = await renderBookingPdf(many);
    expect(countPdfPages(pdf)).toBeGreaterThan(1);
    const lines = extractPdfLines(pdf);
    expect(lines.filter((line) => line === 'Passport expiry').length).toBeGreaterThan(1);
    expect(lines).toContain('GIVEN59 SURNAME59');
    expect(lines).toContain('PKR 1,200,000');
  });
});

describe('renderPnrPdf', () => {
  it('when rendered, then the summary, legs and every passenger are in it', async () => {
    const pdf = await renderPnrPdf({
      pnr: 'XYZ789',
      airline: { name: 'Saudia', logo: null },
      meal: false,
      legs: [leg],
      seats: { total: 40, sold: 12, remaining: 28 },
      passengers: passengers(30),
    });
    const lines = extractPdfLines(pdf);
    expect(lines).toEqual(expect.arrayContaining(['PNR XYZ789', 'Saudia', 'SV-737', '40', '12', '28', 'Passenger name list (30)', 'Walk-in']));
    for (let index = 0; index < 30; index += 1) expect(lines).toContain(`GIVEN${index} SURNAME${index}`);
  });
});

describe('renderPnrExcel', () => {
  it('when rendered, then the sheet is named by the PNR and dates are real dates', async () => {
    const bytes = await renderPnrExcel({ pnr: 'XYZ789', passengers: passengers(3) });
    const workbook = new ExcelJS.Workbook();
    await workbook.xlsx.load(bytes as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('XYZ789');
    expect(sheet).toBeDefined();
    expect(sheet!.rowCount).toBe(4);
    expect(sheet!.getRow(4).getCell(3).value).toBe('SURNAME2');
    expect(sheet!.getRow(4).getCell(4).value).toBe('GIVEN2');
    expect((sheet!.getRow(2).getCell(6).value as Date).toISOString()).toBe('1990-01-01T00:00:00.000Z');
    expect(sheet!.getRow(2).getCell(6).numFmt).toBe('dd-mmm-yyyy');
  });
});
