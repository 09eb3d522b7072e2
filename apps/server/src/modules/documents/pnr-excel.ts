import { describeAgency, type NameListEntry, type PassengerKind } from './document-data.js';

/**
 * The PNR passenger name list (PRODUCT §4 "PNR Excel"): one row a passenger of the live bookings, in the
 * columns an airline asks for, ready to send. Dates are real dates (shown dd-mmm-yyyy), so they sort and
 * convert; the passenger types use the airline codes.
 */
export const PNR_EXCEL_COLUMNS = [
  'No',
  'Title',
  'Surname',
  'Given name',
  'Type',
  'Date of birth',
  'Passport No',
  'Passport expiry',
  'Booking Id',
  'Agent',
] as const;

const AIRLINE_PASSENGER_TYPES: Record<PassengerKind, 'ADT' | 'CHD' | 'INF'> = { adult: 'ADT', child: 'CHD', infant: 'INF' };

const COLUMN_WIDTHS = [6, 8, 22, 26, 7, 14, 16, 16, 11, 32];

/** 'YYYY-MM-DD' as a date cell: midnight UTC, which is how Excel's day serials are read back. */
function toDateCell(value: string): Date | string {
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  return match ? new Date(Date.UTC(Number(match[1]), Number(match[2]) - 1, Number(match[3]))) : value;
}

export async function renderPnrExcel({ pnr, passengers }: { pnr: string; passengers: NameListEntry[] }): Promise<Buffer> {
  // exceljs (about 28 MB resident) is loaded by the first workbook, not at start (issue 8, memory).
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.Workbook();
  workbook.creator = 'Group Fares';
  workbook.created = new Date();
  const sheet = workbook.addWorksheet(pnr.slice(0, 31), { views: [{ state: 'frozen', ySplit: 1 }] });
  sheet.columns = PNR_EXCEL_COLUMNS.map((header, index) => ({ header, width: COLUMN_WIDTHS[index] }));
  sheet.getRow(1).font = { bold: true };

  passengers.forEach((passenger, index) => {
    sheet.addRow([
      index + 1,
      passenger.title,
      passenger.lastname,
      passenger.firstname,
      AIRLINE_PASSENGER_TYPES[passenger.type],
      toDateCell(passenger.dob),
      passenger.passportNo,
      toDateCell(passenger.passportExpiryDate),
      passenger.bookingId,
      describeAgency(passenger.agency),
    ]);
  });
  for (const column of [6, 8]) sheet.getColumn(column).numFmt = 'dd-mmm-yyyy';
  sheet.autoFilter = { from: { row: 1, column: 1 }, to: { row: 1, column: PNR_EXCEL_COLUMNS.length } };

  return Buffer.from(await workbook.xlsx.writeBuffer());
}
