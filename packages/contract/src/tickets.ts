import { z } from 'zod';
import { bookingListRowSchema } from './booking-lifecycle.js';
import { defineRoute, errorResponses, required } from './common.js';
import { isValidIsoDate } from './group-form.js';

/**
 * Search and tickets (000 §2 "Ticket cards", §3 "Ticket card" and "PNR summary", §7; issue 4).
 * Field names are the seeds' own, misspellings included (`arivval_time`, `pnr_excel_downlaod`, PRODUCT §3).
 *
 * What is offered (PRODUCT §4 "Inventory"): open (close_status 0), not deleted groups whose first departure
 * is today or later in Asia/Karachi (by date: a group leaving later today is still offered). Sold-out groups
 * stay listed with `remaining` 0 so the agent sees the flight exists; the card shows no Book button then.
 * Anonymous callers get `price` and `infant_price` null (PRODUCT §4 Roles: the app shows 'Login For Price').
 */

/** 000 §9: the seats-left warning shows at 3 or fewer. */
export const TICKET_ALERT_THRESHOLD = 3;
/** 000 §2: fixed hand-baggage text next to the checked baggage. */
export const HAND_BAGGAGE_TEXT = '7kg';

export const NO_TICKET_FOUND_TEXT = 'No Ticket Found';
export const LOGIN_FOR_PRICE_TEXT = 'Login For Price';
export const FARE_ON_CALL_TEXT = 'Fare on call';

// ---- Answers ----------------------------------------------------------------------------------------

/** One leg of a ticket ("subpart"), in the group's leg order, B-1, B-2 (001 §3). */
export const ticketLegSchema = z.object({
  position: z.number().int(),
  /** Weekday of the departure date, three letters in English ('Mon'). */
  day: z.string(),
  /** YYYY-MM-DD, local at the departure airport. */
  departure_date: z.string(),
  /** HH:mm, local at the departure airport. */
  departure_time: z.string(),
  /** YYYY-MM-DD, local at the arrival airport. */
  arivval_date: z.string(),
  /** HH:mm, local at the arrival airport. */
  arivval_time: z.string(),
  /** Checked baggage, kg. */
  departure_baggage: z.number().int(),
  /** Hand carry, kg. */
  departure_handcarry: z.number().int(),
  departure_flight_number: z.string(),
  /** `FROM - TO`, e.g. 'LHE - JED'. */
  departure_sector_name: z.string(),
  /** Airport codes of the leg's sector. */
  from_sector: z.string(),
  to_sector: z.string(),
  /** Cities of the leg's sector, upper-case. */
  from_city: z.string(),
  to_city: z.string(),
  departure_airport_name: z.string(),
  departure_terminal: z.string().nullable(),
  arivval_airport_name: z.string(),
  arivval_terminal: z.string().nullable(),
});
export type TicketLeg = z.infer<typeof ticketLegSchema>;

/** A ticket card (000 §3 "Ticket card"): one group as the search, home, dashboard and PNR page show it. */
export const ticketSchema = z.object({
  /** The group's id. */
  id: z.number().int(),
  pnr: z.string(),
  /** Public URL of the airline's logo. */
  air_line_logo: z.string().nullable(),
  /** Airline id and full name. */
  airline: z.number().int(),
  air_line: z.string(),
  /** The outbound journey, first departure to last outbound arrival: 'LHE - JED' (also for via and return trips). */
  sector: z.string(),
  /**
   * Every leg's codes chained: 'LHE-JED', 'LHE-DXB-JED', round trip 'LHE-JED-LHE'; where a leg does not leave
   * from the previous arrival, ' / ' separates ('LHE-JED / MED-LHE').
   */
  sectorshort: z.string(),
  subpart: z.array(ticketLegSchema),
  /** 1 meal included, 0 none. */
  meal: z.union([z.literal(0), z.literal(1)]),
  /** 1 one way, 2 round trip. */
  ticket_type: z.union([z.literal(1), z.literal(2)]),
  /** 1 direct, 2 via. */
  direction: z.union([z.literal(1), z.literal(2)]),
  /** Whole PKR per adult or child seat; null for anonymous callers; 0 reads 'Fare on call' (000 §9). */
  price: z.number().int().nullable(),
  /** Whole PKR per infant; null for anonymous callers. */
  infant_price: z.number().int().nullable(),
  /** True when 3 or fewer seats remain, sold out included (000 §9 seats-left warning). */
  alert: z.boolean(),
  /** Seats for sale (T.T Selling). */
  total_ticket: z.number().int(),
  /** Adults + children of the bookings not cancelled; infants take no seat (PRODUCT §4). */
  sold: z.number().int(),
  /** total_ticket - sold; 0 means sold out (the card shows no Book button). */
  remaining: z.number().int(),
  /** First departure, YYYY-MM-DD. */
  date: z.string(),
  my_sector_id: z.number().int(),
  /** The group's updated_at, ISO 8601; the booking dialog sends it back with add-booking. */
  updated_at: z.string(),
  /** The group's name deadline (PRODUCT §6), ISO 8601: names later are possible until then; null when none. */
  name_deadline: z.string().nullable(),
});
export type Ticket = z.infer<typeof ticketSchema>;

/** Ticket cards grouped by sector (000 §2): `sector` is the tickets' outbound journey, e.g. 'LHE - JED'. */
export const ticketSectorGroupSchema = z.object({
  sector: z.string(),
  tickets: z.array(ticketSchema),
});
export type TicketSectorGroup = z.infer<typeof ticketSectorGroupSchema>;

/** A my-sector card of the home page and dashboard (000 §3 sector_summary): active, not deleted. */
export const mySectorCardSchema = z.object({
  id: z.number().int(),
  name: z.string(),
  /** The same name, under the key the dashboard buttons use. */
  title: z.string(),
  /** Absolute URL of its public picture. */
  image: z.string().nullable(),
  /** Its offered groups (open, not deleted, first departure today or later in Asia/Karachi). */
  totalpnr: z.number().int(),
});
export type MySectorCard = z.infer<typeof mySectorCardSchema>;

/** GET available-sector (000 §7 "mysectors and tickets"): sector groups ordered by their first departure. */
export const availableSectorResponseSchema = z.object({
  mysectors: z.array(mySectorCardSchema),
  tickets: z.array(ticketSectorGroupSchema),
});
export type AvailableSectorResponse = z.infer<typeof availableSectorResponseSchema>;

/** POST search-flights (000 §7 "data list of flights"): tickets ordered by first departure. */
export const searchFlightsResponseSchema = z.object({ data: z.array(ticketSchema) });
export type SearchFlightsResponse = z.infer<typeof searchFlightsResponseSchema>;

/** POST pnr-respect-to-mysector(-user) (000 §7 "tickets for that my-sector"). */
export const mySectorTicketsResponseSchema = z.object({
  mysector: mySectorCardSchema,
  tickets: z.array(ticketSectorGroupSchema),
});
export type MySectorTicketsResponse = z.infer<typeof mySectorTicketsResponseSchema>;

/**
 * A booking of the PNR page (000 §2 "PNR detail": bookings table and cancelled table): the bookings lists' row
 * (booking-lifecycle.ts, so the same table renders both) plus every passenger's name.
 */
export const pnrBookingRowSchema = bookingListRowSchema.extend({
  /** 'Mr JOHN SMITH', in the booking's passenger order. */
  passenger_names: z.array(z.string()),
});
export type PnrBookingRow = z.infer<typeof pnrBookingRowSchema>;

/** POST pnr-details (000 §3 "PNR summary"); works for any live group, closed or flown too. */
export const pnrDetailsResponseSchema = z.object({
  /** Seats for sale (total_ticket). */
  total: z.number().int(),
  sold: z.number().int(),
  remaining: z.number().int(),
  /** First departure, YYYY-MM-DD. */
  date: z.string(),
  pnr: z.string(),
  price: z.number().int(),
  infant_price: z.number().int(),
  /** The group's updated_at, ISO 8601 (the Book Ticket dialog sends it back). */
  updated_at: z.string(),
  /** Bookings not cancelled, oldest first. */
  results: z.array(pnrBookingRowSchema),
  /** Cancelled bookings, oldest first. */
  canceled: z.array(pnrBookingRowSchema),
  /** Signed, expiring links (PRODUCT §4 "Files and documents"). */
  pnr_pdf_view_link: z.string(),
  pnr_excel_downlaod: z.string(),
  /** 1 closed. */
  close_status: z.union([z.literal(0), z.literal(1)]),
  /** True while the group is offered (open, first departure today or later); Book Ticket shows only then. */
  offered: z.boolean(),
  /** The group as a ticket card (prices included), for the Book Ticket dialog. */
  ticket: ticketSchema,
});
export type PnrDetailsResponse = z.infer<typeof pnrDetailsResponseSchema>;

// ---- Requests -----------------------------------------------------------------------------------------

function textField(label: string, max: number) {
  return z
    .union([z.string(), z.number()], { error: required(label) })
    .transform((value) => String(value).trim())
    .pipe(
      z
        .string()
        .min(1, { error: required(label) })
        .max(max, { error: `The ${label} may not be greater than ${max} characters.` }),
    );
}

/** How search-flights orders its answer (decision 023): soonest first, cheapest first, most seats left first. */
export const SEARCH_SORTS = ['date', 'price', 'seats'] as const;
export type SearchSort = (typeof SEARCH_SORTS)[number];
export const SEARCH_SORT_LABELS: Record<SearchSort, string> = { date: 'Date', price: 'Price', seats: 'Seats' };

/** An optional text a form may send empty: '' (or only spaces) and null are "not given". */
function optionalText(label: string, max: number) {
  return z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) => (value === undefined || value === null ? '' : String(value).trim().replace(/\s+/g, ' ')))
    .pipe(z.string().max(max, { error: `The ${label} may not be greater than ${max} characters.` }))
    .transform((value) => (value === '' ? undefined : value));
}

/**
 * search-flights (000 §5: departure, arrival and date all required). Departure and arrival are what the
 * search form's text boxes hold: an airport code ('LHE') or a city ('Lahore'), matched case-insensitively.
 * Decision 023 (issue 21 point 4, the dashboard's search): optional `airline`, part of the airline's full or
 * short name (any case), and optional `sort`: `date` (the default: first departure, soonest first), `price`
 * (cheapest first; 'Fare on call' fares last; anonymous callers, who get no prices, keep the date order) or
 * `seats` (most seats left first). Ties keep the date order.
 */
export const searchFlightsBodySchema = z.object({
  departure: textField('departure', 100).transform((value) => value.replace(/\s+/g, ' ').toUpperCase()),
  arrival: textField('arrival', 100).transform((value) => value.replace(/\s+/g, ' ').toUpperCase()),
  date: textField('date', 10).refine(isValidIsoDate, { error: 'The date is not a valid date (YYYY-MM-DD).' }),
  airline: optionalText('airline', 100),
  sort: z.preprocess(
    (value) => (value === '' || value === null ? undefined : value),
    z.enum(SEARCH_SORTS, { error: 'The sort must be one of date, price or seats.' }).default('date'),
  ),
});
export type SearchFlightsBody = z.infer<typeof searchFlightsBodySchema>;
export type SearchFlightsInput = z.input<typeof searchFlightsBodySchema>;

const MAX_INT = 2_147_483_647;

/** my_sector_id as a form ('3') or JSON (3) sends it. */
export const mySectorTicketsBodySchema = z.object({
  my_sector_id: z
    .union([z.string(), z.number()], { error: required('my sector id') })
    .transform((value, ctx) => {
      const text = String(value).trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: required('my sector id') });
        return z.NEVER;
      }
      if (!/^\d+$/.test(text) || Number(text) < 1 || Number(text) > MAX_INT) {
        ctx.addIssue({ code: 'custom', message: 'The my sector id must be an integer.' });
        return z.NEVER;
      }
      return Number(text);
    }),
});
export type MySectorTicketsBody = z.infer<typeof mySectorTicketsBodySchema>;
export type MySectorTicketsInput = z.input<typeof mySectorTicketsBodySchema>;

/** pnr-details: the PNR as stored (upper-case); whatever case is sent is upper-cased. */
export const pnrDetailsBodySchema = z.object({
  pnr: textField('pnr', 20).transform((value) => value.toUpperCase()),
});
export type PnrDetailsBody = z.infer<typeof pnrDetailsBodySchema>;
export type PnrDetailsInput = z.input<typeof pnrDetailsBodySchema>;

export const PNR_NOT_FOUND_MESSAGE = 'PNR not found.';

// ---- Routes (000 §7) ----------------------------------------------------------------------------------

export const availableSectorRoute = defineRoute({
  method: 'GET',
  path: '/available-sector',
  summary: 'Active my-sectors and the offered tickets grouped by sector (prices only for signed-in callers)',
  tags: ['tickets'],
  access: 'optional',
  response: { 200: availableSectorResponseSchema, ...errorResponses },
});

export const searchFlightsRoute = defineRoute({
  method: 'POST',
  path: '/search-flights',
  summary:
    'Offered tickets from departure to arrival (code or city) whose first departure is on or after the date; optional airline, sorted by date (default), price or seats',
  tags: ['tickets'],
  access: 'optional',
  body: searchFlightsBodySchema,
  response: { 200: searchFlightsResponseSchema, ...errorResponses },
});

export const pnrRespectToMySectorRoute = defineRoute({
  method: 'POST',
  path: '/pnr-respect-to-mysector',
  summary: 'Offered tickets of one my-sector, grouped by sector (admin)',
  tags: ['tickets'],
  access: 'admin',
  body: mySectorTicketsBodySchema,
  response: { 200: mySectorTicketsResponseSchema, ...errorResponses },
});

export const pnrRespectToMySectorUserRoute = defineRoute({
  method: 'POST',
  path: '/pnr-respect-to-mysector-user',
  summary: 'Offered tickets of one my-sector, grouped by sector (any signed-in user)',
  tags: ['tickets'],
  access: 'user',
  body: mySectorTicketsBodySchema,
  response: { 200: mySectorTicketsResponseSchema, ...errorResponses },
});

export const pnrDetailsRoute = defineRoute({
  method: 'POST',
  path: '/pnr-details',
  summary: 'PNR summary: seats, bookings, cancelled bookings and signed PDF / Excel links (admin)',
  tags: ['tickets'],
  access: 'admin',
  body: pnrDetailsBodySchema,
  response: { 200: pnrDetailsResponseSchema, ...errorResponses },
});
