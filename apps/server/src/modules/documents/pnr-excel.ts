import { nameOrTba } from '@portal/contract/ticketing';
import { describeAgency, type NameListEntry, type PassengerKind } from './document-data.js';
import { renderXlsx, type XlsxColumnKind } from './xlsx-table.js';

/**
 * The PNR passenger name list (PRODUCT §4 "PNR Excel"): one row a passenger of the live bookings, in the
 * columns an airline asks for, ready to send. Dates are real dates (shown dd-mmm-yyyy), so they sort and
 * convert; the passenger types use the airline codes; ticket numbers once issued (PRODUCT §6).
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
  'Ticket No',
  'Booking Id',
  'Agent',
] as const;

const AIRLINE_PASSENGER_TYPES: Record<PassengerKind, 'ADT' | 'CHD' | 'INF'> = { adult: 'ADT', child: 'CHD', infant: 'INF' };

const COLUMN_WIDTHS = [6, 8, 22, 26, 7, 14, 16, 16, 16, 11, 32];
const COLUMN_KINDS: Partial<Record<(typeof PNR_EXCEL_COLUMNS)[number], XlsxColumnKind>> = {
  No: 'integer',
  'Date of birth': 'date',
  'Passport expiry': 'date',
  'Booking Id': 'integer',
};

export async function renderPnrExcel({ pnr, passengers }: { pnr: string; passengers: NameListEntry[] }): Promise<Buffer> {
  return renderXlsx([
    {
      name: pnr,
      columns: PNR_EXCEL_COLUMNS.map((header, index) => ({ header, width: COLUMN_WIDTHS[index] ?? 12, kind: COLUMN_KINDS[header] })),
      rows: passengers.map((passenger, index) => [
        index + 1,
        passenger.title,
        nameOrTba(passenger.lastname),
        nameOrTba(passenger.firstname),
        AIRLINE_PASSENGER_TYPES[passenger.type],
        passenger.dob,
        passenger.passportNo,
        passenger.passportExpiryDate,
        // Text, so a number of an airline whose code starts with 0 keeps its zeros (PRODUCT §6).
        passenger.ticketNo ?? '',
        passenger.bookingId,
        describeAgency(passenger.agency),
      ]),
    },
  ]);
}
