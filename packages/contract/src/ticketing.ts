import { z } from 'zod';
import { defineRoute, errorResponses, integerField, MAX_INT, required } from './common.js';
import { isFormFile, type FormFile } from './files.js';

/**
 * Ticket numbers and the airline name list (issue 18 points 5 and 6, PRODUCT §6 "Group deadlines, names later,
 * ticketing"; decision 031).
 *
 * - `POST /api/update-ticket-numbers` (admins) `{booking_id, tickets:[{passenger_id, ticket_no}]}`: a 13-digit
 *   e-ticket number per passenger (spaces and hyphens are dropped, so '157-2401234567' is 1572401234567); '' or
 *   null clears one. Unique in the system: a number another passenger holds answers 422. Only a confirmed, live
 *   booking takes numbers (409 otherwise).
 * - `POST /api/import-ticket-numbers` (admins), multipart `file` (xlsx or CSV, at most 2 MB) and `dry_run`: the
 *   first row names the columns PNR, Surname, Given name and Ticket number (any case and spacing; 'Last name',
 *   'First name', 'Given names', 'Ticket No' and 'E-ticket' are taken too), one passenger a row. A row matches a
 *   passenger of a live booking of that PNR by surname and given name, case- and space-insensitive. A name that
 *   fits several passengers of the PNR, a passenger of a booking not yet confirmed, a passenger a row above
 *   already took and a name that fits nobody are "unmatched" with the reason: those are typed by hand. `dry_run`
 *   = 1 answers the matched and unmatched rows and saves nothing; otherwise the matched rows are saved (unmatched
 *   ones are left alone). A file that cannot be read, missing columns, a bad number or a number twice (in the
 *   file, or already another passenger's) answer 422 on `file` and save nothing.
 * - A booking is `ticketed` when it is confirmed, live and every passenger has a number: derived, never stored,
 *   so it cannot disagree with the numbers. Its agent is told when it becomes ticketed.
 * - `GET /api/pnr-namelist?pnr=X` (admins): text/plain, one numbered line per adult or child 'SURNAME/GIVEN
 *   NAMES TITLE', each infant on the line under the adult it travels with 'INF SURNAME/GIVEN NAMES DOB DDMMMYY';
 *   live bookings only, oldest booking first. Within a booking an infant goes with an adult of its surname not yet
 *   carrying one, else with the first adult not yet carrying one (form order). A missing name prints as TBA.
 * - `GET /api/pnr-passengers?pnr=X` (admins): the passengers of the PNR's live bookings with their numbers, for
 *   the ticket-number screen.
 */

// ---- Texts -----------------------------------------------------------------------------------------------------

export const TICKET_NO_LENGTH = 13;
export const TICKET_NO_FORMAT_MESSAGE = 'The ticket number must be 13 digits.';
export const TICKET_NUMBERS_SAVED_MESSAGE = 'Ticket numbers saved successfully!';
export const TICKETING_CONFIRMED_ONLY_MESSAGE = 'Only confirmed bookings can be ticketed.';
export const PASSENGER_NOT_ON_BOOKING_MESSAGE = 'The passenger is not on this booking.';
export const TICKETED_LABEL = 'Ticketed';
export const NAME_LIST_COPIED_MESSAGE = 'Copied';
/** A passenger whose name is not known yet (names later, PRODUCT §6) reads this everywhere names show. */
export const TBA_NAME = 'TBA';
/**
 * 422 on `tickets.N.ticket_no` of update-ticket-numbers (decision 030): a passenger booked with names later has no
 * name yet, and an e-ticket is issued to a name.
 */
export const TICKET_NAME_MISSING_MESSAGE = 'This passenger has no name yet: fill in the names before the ticket number.';

export function ticketNoRepeatedMessage(ticketNo: string): string {
  return `Ticket number ${ticketNo} is given twice.`;
}

export function ticketNoTakenMessage(ticketNo: string): string {
  return `Ticket number ${ticketNo} is already issued to another passenger.`;
}

export const IMPORT_DRY_RUN_MESSAGE = 'Dry run: nothing was saved.';

export function ticketNumbersImportedMessage(count: number): string {
  return `${count} ticket number${count === 1 ? '' : 's'} saved.`;
}

export const IMPORT_FILE_REQUIRED_MESSAGE = required('file');
export const IMPORT_FILE_UNREADABLE_MESSAGE = 'The file could not be read: send an xlsx workbook or a CSV file.';
export const IMPORT_FILE_EMPTY_MESSAGE = 'The file has no rows of ticket numbers.';
export const IMPORT_MAX_ROWS = 5000;
export const IMPORT_TOO_MANY_ROWS_MESSAGE = `The file may not have more than ${IMPORT_MAX_ROWS} rows.`;

/** The columns of an import, as the README and the messages name them. */
export const IMPORT_COLUMNS = ['PNR', 'Surname', 'Given name', 'Ticket number'] as const;
export type ImportColumn = (typeof IMPORT_COLUMNS)[number];

export function importMissingColumnsMessage(missing: readonly ImportColumn[]): string {
  return `The file has no ${missing.join(', ')} column${missing.length === 1 ? '' : 's'}: the first row must name PNR, Surname, Given name and Ticket number.`;
}

/** Errors of one row; `row` counts the file's lines, the header being row 1. */
export function importRowMessage(row: number, message: string): string {
  return `Row ${row}: ${message}`;
}

export const IMPORT_UNMATCHED_REASONS = {
  none: 'No passenger of a live booking on this PNR has this name.',
  several: 'More than one passenger on this PNR has this name: type the number on the booking.',
  notConfirmed: 'The booking is not confirmed.',
  /** A row that names TBA: passengers booked with names later cannot be matched until their names are given. */
  noName: 'A passenger without a name yet cannot get a ticket number: fill in the names first.',
} as const;

export function importTakenByRowMessage(row: number): string {
  return `Row ${row} already gives this passenger a ticket number.`;
}

// ---- Ticket numbers ---------------------------------------------------------------------------------------------

/** '157-240 1234567' → '1572401234567': airlines print numbers with a hyphen after the airline code. */
export function normaliseTicketNo(value: string): string {
  return value.replace(/[\s-]/g, '');
}

export function isValidTicketNo(value: string): boolean {
  return /^\d{13}$/.test(value);
}

/** A ticket number as typed, normalised; '' and null clear it (null out). */
const ticketNoField = z
  .union([z.string(), z.number(), z.null()], { error: TICKET_NO_FORMAT_MESSAGE })
  .optional()
  .transform((value, ctx): string | null => {
    const text = value === undefined || value === null ? '' : normaliseTicketNo(String(value));
    if (text === '') return null;
    if (!isValidTicketNo(text)) {
      ctx.addIssue({ code: 'custom', message: TICKET_NO_FORMAT_MESSAGE });
      return z.NEVER;
    }
    return text;
  });

export const updateTicketNumbersBodySchema = z
  .object({
    booking_id: integerField('booking id', { min: 1, integerMessage: 'The booking id must be a number.' }),
    tickets: z
      .array(
        z.object({
          passenger_id: integerField('passenger id', { min: 1, integerMessage: 'The passenger id must be a number.' }),
          ticket_no: ticketNoField,
        }),
        { error: required('tickets') },
      )
      .min(1, { error: required('tickets') })
      .max(50, { error: 'The tickets may not have more than 50 items.' }),
  })
  .superRefine((body, ctx) => {
    const seen = new Set<string>();
    body.tickets.forEach((ticket, index) => {
      if (ticket.ticket_no === null) return;
      if (seen.has(ticket.ticket_no)) {
        ctx.addIssue({ code: 'custom', path: ['tickets', index, 'ticket_no'], message: ticketNoRepeatedMessage(ticket.ticket_no) });
      }
      seen.add(ticket.ticket_no);
    });
  });
export type UpdateTicketNumbersBody = z.output<typeof updateTicketNumbersBodySchema>;
export type UpdateTicketNumbersInput = z.input<typeof updateTicketNumbersBodySchema>;

export const updateTicketNumbersResponseSchema = z.object({
  message: z.string(),
  data: z.object({ booking_id: z.number().int(), ticketed: z.union([z.literal(0), z.literal(1)]) }),
});
export type UpdateTicketNumbersResponse = z.infer<typeof updateTicketNumbersResponseSchema>;

// ---- Import -----------------------------------------------------------------------------------------------------

/** `dry_run` as a form sends it: 1/0, '1'/'0', true/false, 'on'; absent is 0. */
const dryRunField = z
  .union([z.literal([1, 0, '1', '0', 'true', 'false', 'on', '']), z.boolean(), z.null()], { error: 'The dry run field must be 1 or 0.' })
  .optional()
  .transform((value): 0 | 1 => (value === 1 || value === '1' || value === true || value === 'true' || value === 'on' ? 1 : 0));

export const importTicketNumbersBodySchema = z.object({
  file: z
    .custom<FormFile>(isFormFile, { error: IMPORT_FILE_REQUIRED_MESSAGE })
    .meta({ type: 'string', format: 'binary', description: 'xlsx or CSV: PNR, Surname, Given name, Ticket number' }),
  dry_run: dryRunField,
});
export type ImportTicketNumbersBody = z.output<typeof importTicketNumbersBodySchema>;

const importRowFields = {
  /** The file's line, the header being 1. */
  row: z.number().int(),
  pnr: z.string(),
  surname: z.string(),
  given_name: z.string(),
  ticket_no: z.string(),
};

export const importMatchedRowSchema = z.object({
  ...importRowFields,
  booking_id: z.number().int(),
  passenger_id: z.number().int(),
  /** 'Mr ALI KHAN'. */
  passenger_name: z.string(),
  /** The number the passenger had before this file; null when none. */
  previous_ticket_no: z.string().nullable(),
});
export type ImportMatchedRow = z.infer<typeof importMatchedRowSchema>;

export const importUnmatchedRowSchema = z.object({ ...importRowFields, reason: z.string() });
export type ImportUnmatchedRow = z.infer<typeof importUnmatchedRowSchema>;

export const importTicketNumbersResponseSchema = z.object({
  message: z.string(),
  data: z.object({
    dry_run: z.union([z.literal(0), z.literal(1)]),
    matched: z.array(importMatchedRowSchema),
    unmatched: z.array(importUnmatchedRowSchema),
    /** Numbers written (0 on a dry run). */
    saved: z.number().int(),
    /** Bookings this import made ticketed. */
    ticketed_bookings: z.array(z.number().int()),
  }),
});
export type ImportTicketNumbersResponse = z.infer<typeof importTicketNumbersResponseSchema>;

// ---- The PNR's passengers and name list -------------------------------------------------------------------------

export const pnrQuerySchema = z.object({
  pnr: z
    .string({ error: required('pnr') })
    .trim()
    .min(1, { error: required('pnr') })
    .max(20, { error: 'The pnr may not be greater than 20 characters.' })
    .transform((value) => value.toUpperCase()),
});
export type PnrQuery = z.output<typeof pnrQuerySchema>;

export const ticketPassengerSchema = z.object({
  id: z.number().int(),
  type: z.enum(['adult', 'child', 'infant']),
  /** null for a passenger booked with names later (PRODUCT §6) whose names are not given yet ('TBA'). */
  title: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  ticket_no: z.string().nullable(),
});
export type TicketPassenger = z.infer<typeof ticketPassengerSchema>;

export const ticketBookingSchema = z.object({
  id: z.number().int(),
  agent_name: z.string(),
  confirmed: z.union([z.literal(0), z.literal(1)]),
  ticketed: z.union([z.literal(0), z.literal(1)]),
  passengers: z.array(ticketPassengerSchema),
});
export type TicketBooking = z.infer<typeof ticketBookingSchema>;

export const pnrPassengersResponseSchema = z.object({
  data: z.object({ pnr: z.string(), group_id: z.number().int().max(MAX_INT), bookings: z.array(ticketBookingSchema) }),
});
export type PnrPassengersResponse = z.infer<typeof pnrPassengersResponseSchema>;

/** A name as the list prints it: TBA while the agent has not given it (names later, PRODUCT §6). */
export function nameOrTba(value: string | null | undefined): string {
  const text = (value ?? '').trim();
  return text === '' ? TBA_NAME : text;
}

/** 'Mr ALI KHAN', or 'TBA' for a passenger booked with names later whose names are not given yet (PRODUCT §6). */
export function formatPassengerName(passenger: { title?: string | null; firstname: string | null; lastname: string | null }): string {
  if (passenger.firstname === null || passenger.lastname === null) return TBA_NAME;
  return [passenger.title, passenger.firstname, passenger.lastname].filter(Boolean).join(' ');
}

// ---- Routes -----------------------------------------------------------------------------------------------------

export const updateTicketNumbersRoute = defineRoute({
  method: 'POST',
  path: '/update-ticket-numbers',
  summary: "Sets or clears the 13-digit e-ticket numbers of a confirmed booking's passengers (unique in the system)",
  tags: ['ticketing'],
  access: 'admin',
  body: updateTicketNumbersBodySchema,
  response: { 200: updateTicketNumbersResponseSchema, ...errorResponses },
});

export const importTicketNumbersRoute = defineRoute({
  method: 'POST',
  path: '/import-ticket-numbers',
  summary: "Imports the airline's ticket numbers (multipart file: xlsx or CSV with PNR, Surname, Given name, Ticket number); dry_run=1 only previews",
  tags: ['ticketing'],
  access: 'admin',
  body: importTicketNumbersBodySchema,
  response: { 200: importTicketNumbersResponseSchema, ...errorResponses },
});

export const pnrPassengersRoute = defineRoute({
  method: 'GET',
  path: '/pnr-passengers',
  summary: "The passengers of a PNR's live bookings with their ticket numbers",
  tags: ['ticketing'],
  access: 'admin',
  querystring: pnrQuerySchema,
  response: { 200: pnrPassengersResponseSchema, ...errorResponses },
});

export const pnrNameListRoute = defineRoute({
  method: 'GET',
  path: '/pnr-namelist',
  summary: "The PNR's name list as airlines take it (text/plain): numbered adults and children, each infant under its adult",
  tags: ['ticketing'],
  access: 'admin',
  querystring: pnrQuerySchema,
  response: {
    200: z.string().meta({ description: 'The name list', content: { 'text/plain': { schema: { type: 'string' } } } }),
    ...errorResponses,
  },
});
