import { z } from 'zod';
import {
  defineRoute,
  errorResponses,
  flagSchema,
  idParamsSchema,
  integerField,
  MAX_INT,
  messageSchema,
  MONEY_MAX,
  paginated,
  required,
} from './common.js';
import {
  addRepeatedPassportIssues,
  findPassengerTitle,
  MAX_PASSENGERS,
  optionalFlag,
  passengerFieldsSchema,
  passengerTitleMessage,
  type PassengerTitle,
  type PassengerType,
} from './bookings.js';
import { DOCUMENT_TYPES, optionalFileField, type FormFile } from './files.js';
import { isValidIsoDate, parseKarachiDateTime } from './group-form.js';

/**
 * Bookings lists, details and lifecycle (000 §2-§8, PRODUCT §4 "Booking"; issue 4).
 * Field names are the seeds' own, misspellings included (`agnetlistofbookings`, PRODUCT §3).
 *
 * Decisions (where the seeds and PRODUCT are silent):
 * - Lists are newest first (created_at, then id). `listofbookings` and `agnetlistofbookings` hold every state;
 *   `status=hold|confirmed|cancelled` narrows them (the /dashboard/cancelbookings page sends `status=cancelled`).
 * - Search: `pnr` (contains, any case), `booking_date` (the Asia/Karachi day of created_at), `agent_name`
 *   (contains, any case, in the agent's name or agency name), `passenger_name` (contains, any case, in any
 *   passenger's 'FIRST LAST' or 'LAST FIRST') and `booking_id` (the booking's number, exactly; a leading '#'
 *   is allowed). The same search may be sent as `target` + `value` (`target=pnr&value=ABC`), the way the
 *   pending-payments screen keeps it; named parameters win. Agents search their own bookings the same way
 *   (issue 21 §7, decision 022).
 * - `agnetlistofbookings`: an agent always gets its own bookings (`agent_id` ignored); an admin may pass
 *   `agent_id` (the agent's number, "Agent-{agent_id}") and without it gets every booking.
 * - `pendingpayments` / `unpaid-bookings`: confirmed, not cancelled, payment_status 0 or 1; agents their own.
 * - `agent-booking-detail` of another agent's booking answers 404, not 403, so ids do not leak which bookings
 *   exist; writes on someone else's booking answer 403 (PRODUCT §3).
 * - `sector` of a row is the outbound journey, first departure to last outbound arrival ('LHE - JED'), as on the
 *   ticket cards; `date` is the first departure.
 */

export const BOOKINGS_PER_PAGE = 20;

// ---- Texts (quoted from the seeds where they give them) ---------------------------------------------------

/** 000 §2 bookings page empty state. */
export const NO_BOOKINGS_FOUND_TEXT = 'No bookings found';
/** 000 §2 pending bookings page ('Bookings Details') empty state. */
export const NO_PENDING_BOOKINGS_FOUND_TEXT = 'No bookings found.';
export const PENDING_BOOKINGS_TITLE = 'Bookings Details';
/** 000 §8. */
export const TICKET_CANCELLED_MESSAGE = 'Ticket cancelled successfully!';
export const BOOKING_CONFIRMED_MESSAGE = 'Booking confirmed successfully!';
export const HOLD_TIME_UPDATED_MESSAGE = 'Hold time updated successfully!';
export const BOOKING_UPDATED_MESSAGE = 'Booking updated successfully!';
/** 000 §5 confirm dialog: the warning beside 'Yes Sure!'; also the server's 422 on `sure`. */
export const CONFIRM_CANCELLED_BOOKING_MESSAGE =
  'You are confirming cancelled booking! Are you sure you want to confirm it ?';
export const YES_SURE_LABEL = 'Yes Sure!';
/** 000 §5 generic confirmation dialog. */
export const CONFIRM_ACTION_TEXT = 'This action can not be undo. Are you sure to proceed this?';
/** 000 §5 Update Booking: inline message and alert when a passenger has no passport image. */
export const PASSPORT_IMAGE_REQUIRED_MESSAGE = 'Passport image is required';
export const PASSPORT_IMAGES_ALERT = 'Please select required passport images before submitting.';

export const BOOKING_NOT_FOUND_MESSAGE = 'Booking not found.';
export const BOOKING_ALREADY_CANCELLED_MESSAGE = 'This booking is already cancelled.';
export const BOOKING_ALREADY_CONFIRMED_MESSAGE = 'This booking is already confirmed.';
export const NOT_ENOUGH_SEATS_TO_CONFIRM_MESSAGE = 'Not enough seats left in this group to confirm this booking.';
export const HOLD_ONLY_MESSAGE = 'Only bookings on hold can have their hold time changed.';
export const AGENT_CANCEL_HOLD_ONLY_MESSAGE = 'You can cancel only bookings on hold.';
export const AGENT_EDIT_HOLD_ONLY_MESSAGE = 'You can edit only bookings on hold.';
/** cancelbooking's `cancellation_charge` on a booking that is not confirmed (PRODUCT §6, decision 032). */
export const CANCELLATION_CHARGE_CONFIRMED_ONLY_MESSAGE = 'A cancellation charge applies only to confirmed bookings.';
/** cancelbooking's `cancellation_charge` above the booking's final total. */
export function cancellationChargeMaxMessage(finalTotal: number): string {
  return `The cancellation charge may not be greater than ${finalTotal}.`;
}
export const PASSENGERS_CHANGED_MESSAGE = 'The passengers of a booking cannot be added, removed or change type.';
/** PRODUCT §6 names later: 422 on `firstname.N` when a passenger who has a name is sent with its type alone. */
export const PASSENGER_NAME_REQUIRED_MESSAGE = 'The first name field is required.';

// ---- Shared answer parts ------------------------------------------------------------------------------------

/** 000 §3: 0 Unpaid, 1 partial, 2 Paid. */
export const paymentStatusSchema = z.union([z.literal(0), z.literal(1), z.literal(2)]);
export type PaymentStatus = z.infer<typeof paymentStatusSchema>;

export const PAYMENT_STATUS_LABELS: Record<PaymentStatus, string> = { 0: 'Unpaid', 1: 'Partial', 2: 'Paid' };

/**
 * 000 §4: Hold (confirmed 0, cancel_status 0), Confirmed (confirmed 1, cancel_status 0), Cancelled (cancel_status 1);
 * PRODUCT §6: a confirmed booking whose passengers all have ticket numbers is Ticketed (`ticketed` 1, decision 031).
 */
export type BookingState = 'hold' | 'confirmed' | 'ticketed' | 'cancelled';

export function getBookingState({
  confirmed,
  cancel_status,
  ticketed = 0,
}: {
  confirmed: 0 | 1;
  cancel_status: 0 | 1;
  ticketed?: 0 | 1;
}): BookingState {
  if (cancel_status === 1) return 'cancelled';
  if (confirmed !== 1) return 'hold';
  return ticketed === 1 ? 'ticketed' : 'confirmed';
}

export const BOOKING_STATE_LABELS: Record<BookingState, string> = {
  hold: 'Hold',
  confirmed: 'Confirmed',
  ticketed: 'Ticketed',
  cancelled: 'Cancelled',
};

export interface BookingActions {
  edit: boolean;
  extendHoldTime: boolean;
  cancel: boolean;
  addPayment: boolean;
  confirm: boolean;
}

/**
 * The row menu by role (000 §6), as the server enforces it: an agent may Edit or Cancel only its own booking on
 * hold; an admin may Edit any booking, Extend H.Time on hold ones, Cancel any not cancelled, Add Payment on
 * confirmed live ones and Confirm one not confirmed or cancelled (a cancelled one after 'Yes Sure!').
 */
export function getBookingActions({
  role,
  confirmed,
  cancel_status,
}: {
  role: 'admin' | 'user';
  confirmed: 0 | 1;
  cancel_status: 0 | 1;
}): BookingActions {
  const state = getBookingState({ confirmed, cancel_status });
  if (role !== 'admin') {
    const onHold = state === 'hold';
    return { edit: onHold, extendHoldTime: false, cancel: onHold, addPayment: false, confirm: false };
  }
  return {
    edit: true,
    extendHoldTime: state === 'hold',
    cancel: state !== 'cancelled',
    addPayment: state === 'confirmed',
    confirm: state !== 'confirmed',
  };
}

/** A row of the bookings lists (000 §2 columns Id, PNR, Airline, Sector, Date, Pay. Status, Pse. Name, Agent, Booking Date, Status). */
export const bookingListRowSchema = z.object({
  id: z.number().int(),
  pnr: z.string(),
  group_id: z.number().int(),
  /** Airline full name. */
  air_line: z.string(),
  /** Public URL of the airline's logo (both spellings of 000 §3). */
  airline_logo: z.string().nullable(),
  air_line_logo: z.string().nullable(),
  /** Outbound journey, 'LHE - JED'. */
  sector: z.string(),
  /** First departure, YYYY-MM-DD. */
  date: z.string(),
  payment_status: paymentStatusSchema,
  /** First passenger's full name ('Mr JOHN SMITH'; 'TBA' before names later are given); null when the booking has none. */
  passenger_name: z.string().nullable(),
  /** Passengers still without a name (names later, PRODUCT §6); 0 when every name is given. */
  missing_names: z.number().int(),
  /** Number of passengers. */
  passengers: z.number().int(),
  /** The agent's users.id; 0 for a walk-in sale (000 §3 `agent`). */
  agent: z.number().int(),
  /** The agent's number ("Agent-{agent_id}"); null for a walk-in sale. */
  agent_id: z.number().int().nullable(),
  /** Agency name (or the agent's name when it has none); 'Walk-in' for a walk-in sale. */
  agent_name: z.string(),
  walking: flagSchema,
  /** Day of created_at in Asia/Karachi, YYYY-MM-DD. */
  booking_date: z.string(),
  /** ISO 8601. */
  created_at: z.string(),
  updated_at: z.string(),
  /** 1 confirmed, 0 hold; `confirm` is the same flag under the name some list rows use (000 §3). */
  confirmed: flagSchema,
  confirm: flagSchema,
  cancel_status: flagSchema,
  /** 1 when confirmed, live and every passenger has a ticket number (PRODUCT §6, decision 031); derived, never stored. */
  ticketed: flagSchema,
  /** Hold expiry, ISO 8601; null when none. */
  cancel_at: z.string().nullable(),
  total_amount: z.number().int(),
  discount: z.number().int(),
  final_total: z.number().int(),
  received_amount: z.number().int(),
  remaining_amount: z.number().int(),
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
});
export type BookingListRow = z.infer<typeof bookingListRowSchema>;

export const bookingListResponseSchema = paginated(bookingListRowSchema);
export type BookingListResponse = z.infer<typeof bookingListResponseSchema>;

/** A passenger (000 §3 booking_sub entry); scans are signed, expiring links (PRODUCT §4 "Files and documents"). */
export const bookingPassengerSchema = z.object({
  id: z.number().int(),
  /** Order in the booking form, from 0. */
  position: z.number().int(),
  type: z.enum(['adult', 'child', 'infant']),
  /**
   * The details are all null for a passenger booked with names later (PRODUCT §6) until booking-update fills
   * them; the screens and documents show its name as 'TBA' (TBA_NAME).
   */
  title: z.string().nullable(),
  firstname: z.string().nullable(),
  lastname: z.string().nullable(),
  /** YYYY-MM-DD. */
  dob: z.string().nullable(),
  passport_no: z.string().nullable(),
  passport_expiry_date: z.string().nullable(),
  passport_img: z.string().nullable(),
  /** null when no visa copy was given. */
  visa_copy: z.string().nullable(),
  /** The 13-digit e-ticket number once issued (PRODUCT §6); null before. */
  ticket_no: z.string().nullable(),
});
export type BookingPassenger = z.infer<typeof bookingPassengerSchema>;

/** A live payment of the booking (000 §3 Payment); names of who added and edited it are for admins only. */
export const bookingPaymentSchema = z.object({
  id: z.number().int(),
  booking_id: z.number().int(),
  /** YYYY-MM-DD. */
  receive_date: z.string(),
  receive_amount: z.number().int(),
  text: z.string(),
  added_by: z.string().nullable(),
  edit_by: z.string().nullable(),
  created_at: z.string(),
});
export type BookingPayment = z.infer<typeof bookingPaymentSchema>;

const personSchema = z.object({ name: z.string() }).nullable();

/** One leg of the booked group, in the order, B-1, B-2. */
export const bookingLegSchema = z.object({
  position: z.number().int(),
  departure_flight_number: z.string(),
  /** 'LHE - JED'. */
  departure_sector_name: z.string(),
  from_sector: z.string(),
  to_sector: z.string(),
  departure_date: z.string(),
  /** HH:mm local at the departure airport. */
  departure_time: z.string(),
  departure_airport_name: z.string(),
  departure_terminal: z.string().nullable(),
  arivval_date: z.string(),
  arivval_time: z.string(),
  arivval_airport_name: z.string(),
  arivval_terminal: z.string().nullable(),
  departure_baggage: z.number().int(),
  departure_handcarry: z.number().int(),
});
export type BookingLeg = z.infer<typeof bookingLegSchema>;

/** The booked group (000 §3 `groupdata`, with `airline.logo`). */
export const bookingGroupDataSchema = z.object({
  id: z.number().int(),
  pnr: z.string(),
  /** First departure, YYYY-MM-DD. */
  date: z.string(),
  /** Last travel date, the latest leg arrival (passport expiry may not be before it, PRODUCT §4). */
  last_date: z.string(),
  sector: z.string(),
  ticket_type: z.union([z.literal(1), z.literal(2)]),
  direction: z.union([z.literal(1), z.literal(2)]),
  meal: flagSchema,
  airline: z.object({ id: z.number().int(), name: z.string(), logo: z.string().nullable() }),
  legs: z.array(bookingLegSchema),
});
export type BookingGroupData = z.infer<typeof bookingGroupDataSchema>;

/** 000 §3 "Booking detail response". */
export const bookingDetailSchema = z.object({
  id: z.number().int(),
  pnr: z.string(),
  group_id: z.number().int(),
  /** Asia/Karachi day of created_at. */
  booking_date: z.string(),
  created_at: z.string(),
  updated_at: z.string(),
  agent: z.number().int(),
  agent_id: z.number().int().nullable(),
  agent_name: z.string(),
  walking: flagSchema,
  confirmed: flagSchema,
  confirmed_at: z.string().nullable(),
  cancel_status: flagSchema,
  cancelled_at: z.string().nullable(),
  /** 1 when confirmed, live and every passenger has a ticket number (PRODUCT §6, decision 031). */
  ticketed: flagSchema,
  /** Passengers still without a name (names later, PRODUCT §6). */
  missing_names: z.number().int(),
  /** The group's name deadline (ISO 8601), by which missing names are due; null when the group has none. */
  name_deadline: z.string().nullable(),
  /** Hold expiry, ISO 8601. */
  cancel_at: z.string().nullable(),
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  /** Unit prices copied from the group when booked. */
  price: z.number().int(),
  infant_price: z.number().int(),
  total_amount: z.number().int(),
  discount: z.number().int(),
  final_total: z.number().int(),
  received_amount: z.number().int(),
  remaining_amount: z.number().int(),
  payment_status: paymentStatusSchema,
  remarks: z.string().nullable(),
  /** What an admin kept when cancelling it confirmed (PRODUCT §6): the agent still owes it; 0 otherwise. */
  cancellation_charge: z.number().int(),
  /** 1 when an admin's override let its hold or confirmation pass the agent's credit limit (decision 032). */
  credit_override: flagSchema,
  /** Who added, edited, confirmed and cancelled it: admins only (agents get null, 000 §2). */
  added_by: personSchema,
  edit_by: personSchema,
  confirmed_by: personSchema,
  cancel_by: personSchema,
  /** Signed, expiring links to the booking PDF (PRODUCT §4). */
  pdf_view_link: z.string(),
  pdf_download_link: z.string(),
  booking_sub: z.array(bookingPassengerSchema),
  payments: z.array(bookingPaymentSchema),
});
export type BookingDetail = z.infer<typeof bookingDetailSchema>;

export const bookingDetailResponseSchema = z.object({ data: bookingDetailSchema, groupdata: bookingGroupDataSchema });
export type BookingDetailResponse = z.infer<typeof bookingDetailResponseSchema>;

/** 000 §7 booking-edit-detail: `data.data` with booking_sub. */
export const bookingEditDetailSchema = z.object({
  id: z.number().int(),
  pnr: z.string(),
  confirmed: flagSchema,
  cancel_status: flagSchema,
  adults: z.number().int(),
  children: z.number().int(),
  infants: z.number().int(),
  /** First departure: ages are taken on it (PRODUCT §4). */
  date: z.string(),
  /** Last travel date, the latest leg arrival: passport expiry may not be before it. */
  last_date: z.string(),
  booking_sub: z.array(bookingPassengerSchema),
});
export type BookingEditDetail = z.infer<typeof bookingEditDetailSchema>;

export const bookingEditDetailResponseSchema = z.object({ data: z.object({ data: bookingEditDetailSchema }) });
export type BookingEditDetailResponse = z.infer<typeof bookingEditDetailResponseSchema>;

// ---- Requests -----------------------------------------------------------------------------------------------


const bookingIdField = () => integerField('booking id', { min: 1, integerMessage: 'The booking id must be a number.' });

/** `sure` of the confirm dialog ('Yes Sure!'): 1/0, '1'/'0', true/false, 'on'; absent is 0. */
const sureField = z
  .union([z.literal([1, 0, '1', '0', 'true', 'false', 'on', '']), z.boolean(), z.null()], {
    error: 'The sure field must be 1 or 0.',
  })
  .optional()
  .transform((value): 0 | 1 => (value === 1 || value === '1' || value === true || value === 'true' || value === 'on' ? 1 : 0));

export const bookingIdBodySchema = z.object({ booking_id: bookingIdField() });
export type BookingIdBody = z.output<typeof bookingIdBodySchema>;
export type BookingIdInput = z.input<typeof bookingIdBodySchema>;

/** POST confirmbooking (000 §5 Confirm dialog: receive payment and discount are required numbers). */
export const confirmBookingBodySchema = z.object({
  booking_id: bookingIdField(),
  /** 0 up to the booking's total amount less what was already received (checked by the server). */
  discount: integerField('discount', { min: 0, max: MONEY_MAX }),
  /** 0 up to what is still due after the discount (checked by the server); more than 0 records a payment. */
  receive_payment: integerField('receive payment', { min: 0, max: MONEY_MAX }),
  sure: sureField,
  /** 1: confirm past the agent's credit limit (PRODUCT §6, credit.ts); recorded on the booking as credit_override. */
  override: optionalFlag('override'),
});
export type ConfirmBookingBody = z.output<typeof confirmBookingBodySchema>;
export type ConfirmBookingInput = z.input<typeof confirmBookingBodySchema>;

// Moved to group-form.ts (the group deadlines read the same local times, decision 030); re-exported here.
export { KARACHI_UTC_OFFSET, parseKarachiDateTime } from './group-form.js';

export const CANCEL_AT_INVALID_MESSAGE = 'The cancel at is not a valid date and time.';
export const CANCEL_AT_PAST_MESSAGE = 'The cancel at must be a date after now.';

/** POST hold-time-update (000 §5 Hold-time dialog: datetime required; PRODUCT §4: future only, checked by the server). */
export const holdTimeUpdateBodySchema = z.object({
  booking_id: bookingIdField(),
  cancel_at: z
    .string({ error: required('cancel at') })
    .trim()
    .min(1, { error: required('cancel at') })
    .transform((value, ctx) => {
      const date = parseKarachiDateTime(value);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: CANCEL_AT_INVALID_MESSAGE });
        return z.NEVER;
      }
      return date;
    }),
});
export type HoldTimeUpdateBody = z.output<typeof holdTimeUpdateBodySchema>;
export type HoldTimeUpdateInput = z.input<typeof holdTimeUpdateBodySchema>;

/** A `name[]` array; one value sent without `[]` counts as a one-entry array; absent is empty. */
function formArray() {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.unknown()).max(MAX_PASSENGERS, { error: `A booking may not have more than ${MAX_PASSENGERS} passengers.` }),
  );
}

/** add-booking's passenger fields, except that a scan is optional: none keeps the stored one (000 §5 Update Booking). */
const updatedPassengerSchema = passengerFieldsSchema.extend({
  passport_img: optionalFileField('passport image', DOCUMENT_TYPES),
});

/** A passenger of booking-update after validation; a file replaces the stored scan, undefined keeps it. */
export interface UpdatedPassengerInput {
  type: PassengerType;
  title: PassengerTitle;
  firstname: string;
  lastname: string;
  dob: string;
  passport_no: string;
  passport_expiry_date: string;
  passport_img: FormFile | undefined;
  visa_copy: FormFile | undefined;
}

/** PRODUCT §6: a passenger of a names-later booking whose details are still to come ('TBA'). */
export interface PendingPassengerInput {
  type: PassengerType;
  name_pending: true;
}

export function isPendingPassenger(passenger: UpdatedPassengerInput | PendingPassengerInput): passenger is PendingPassengerInput {
  return 'name_pending' in passenger;
}

/** Every field but the type empty or absent (a scan field may echo the stored link, which means nothing here). */
function isTypeOnly(candidate: Record<string, unknown>): boolean {
  const empty = (value: unknown) => value === undefined || value === null || (typeof value === 'string' && value.trim() === '');
  return ['title', 'firstname', 'lastname', 'dob', 'passport_no', 'passport_expiry_date'].every((field) => empty(candidate[field]))
    && [candidate.passport_img, candidate.visa_copy].every((value) => empty(value) || typeof value === 'string');
}

const UPDATE_PASSENGER_ARRAYS = ['type', 'firstname', 'lastname', 'dob', 'passport_no', 'passport_expiry_date', 'passport_img', 'visa_copy'] as const;

/**
 * POST booking-update (000 §7): the passengers in the booking's order, with the arrays and rules of add-booking
 * (titles per type, names normalised, dates; errors keyed 'firstname.0'). `titles[]` and `title[]` are the same
 * field (the seed's client sends both; `titles` wins). A scan left out, '' or any text (the current link echoed
 * back) keeps the stored one; send `passport_img[N]` / `visa_copy[N]` with the passenger's index when only some
 * get a new file, since empty file inputs are dropped and would shift the others. Counts and types must be the
 * booking's own, and ages and passport expiry are checked against its group: both by the server.
 */
export const bookingUpdateBodySchema = z
  .object({
    booking_id: bookingIdField(),
    type: formArray(),
    titles: formArray(),
    title: formArray(),
    firstname: formArray(),
    lastname: formArray(),
    dob: formArray(),
    passport_no: formArray(),
    passport_expiry_date: formArray(),
    passport_img: formArray(),
    visa_copy: formArray(),
  })
  .transform((body, ctx) => {
    const titleKey = body.titles.length > 0 ? 'titles' : body.title.length > 0 ? 'title' : 'titles';
    const titles = titleKey === 'titles' ? body.titles : body.title;
    const count = body.type.length;
    if (count === 0) ctx.addIssue({ code: 'custom', path: ['type'], message: required('type') });
    const passengers: Array<UpdatedPassengerInput | PendingPassengerInput> = [];
    for (let index = 0; index < count; index++) {
      const candidate: Record<string, unknown> = { title: titles[index] };
      for (const field of UPDATE_PASSENGER_ARRAYS) candidate[field] = body[field][index];
      const typeOnly = updatedPassengerSchema.shape.type.safeParse(candidate.type);
      // PRODUCT §6 names later: a passenger sent with its type alone stays 'TBA' (the server allows that only for a
      // passenger who has no name yet, decision 030).
      if (typeOnly.success && isTypeOnly(candidate)) {
        passengers.push({ type: typeOnly.data, name_pending: true });
        continue;
      }
      const parsed = updatedPassengerSchema.safeParse(candidate);
      if (!parsed.success) {
        for (const issue of parsed.error.issues) {
          const field = String(issue.path[0] ?? 'type');
          ctx.addIssue({ code: 'custom', path: [field === 'title' ? titleKey : field, index], message: issue.message });
        }
      }
      const typeResult = updatedPassengerSchema.shape.type.safeParse(candidate.type);
      const type = typeResult.success ? typeResult.data : undefined;
      const rawTitle = typeof candidate.title === 'string' ? candidate.title : '';
      const title = type ? findPassengerTitle(type, rawTitle) : undefined;
      if (type && rawTitle.trim() !== '' && !title) {
        ctx.addIssue({ code: 'custom', path: [titleKey, index], message: passengerTitleMessage(type) });
      }
      if (parsed.success && title) passengers.push({ ...parsed.data, title });
    }
    addRepeatedPassportIssues(body.passport_no.slice(0, count), ctx);
    return { booking_id: body.booking_id, passengers };
  });
export type BookingUpdateBody = z.output<typeof bookingUpdateBodySchema>;
export type BookingUpdateInput = z.input<typeof bookingUpdateBodySchema>;

const optionalText = (max: number, label: string) =>
  z
    .string()
    .trim()
    .max(max, { error: `The ${label} may not be greater than ${max} characters.` })
    .optional()
    .transform((value) => (value ? value : undefined));

export const BOOKING_SEARCH_TARGETS = ['pnr', 'booking_date', 'agent_name', 'passenger_name', 'booking_id'] as const;
export type BookingSearchTarget = (typeof BOOKING_SEARCH_TARGETS)[number];
/** 000 §2 Search By selector (PNR, Booking Date, Agent Name), with passenger name and booking id (decision 022). */
export const BOOKING_SEARCH_TARGET_LABELS: Record<BookingSearchTarget, string> = {
  pnr: 'PNR',
  booking_date: 'Booking Date',
  agent_name: 'Agent Name',
  passenger_name: 'Passenger Name',
  booking_id: 'Booking Id',
};
/** What an agent may search its own bookings by: everything but the agent's name (they are all its own). */
export const AGENT_BOOKING_SEARCH_TARGETS = BOOKING_SEARCH_TARGETS.filter((target) => target !== 'agent_name');

export const BOOKING_LIST_STATUSES = ['hold', 'confirmed', 'cancelled'] as const;
export type BookingListStatus = (typeof BOOKING_LIST_STATUSES)[number];

const pageField = z.preprocess(
  (value) => (value === '' ? undefined : value),
  z.coerce
    .number({ error: 'The page must be a number.' })
    .int({ error: 'The page must be an integer.' })
    .min(1, { error: 'The page must be at least 1.' })
    .max(MAX_INT, { error: `The page must not be greater than ${MAX_INT}.` })
    .default(1),
);

const BOOKING_DATE_MESSAGE = 'The booking date is not a valid date (YYYY-MM-DD).';
export const BOOKING_ID_SEARCH_MESSAGE = 'The booking id must be a number.';

/** A booking id as typed: digits, optionally after '#'; undefined when it is not one. */
export function parseBookingIdSearch(value: string): number | undefined {
  const digits = /^#?\s*(\d{1,10})$/.exec(value.trim())?.[1];
  if (digits === undefined) return undefined;
  const id = Number(digits);
  return id >= 1 && id <= MAX_INT ? id : undefined;
}

const searchFields = {
  page: pageField,
  pnr: optionalText(20, 'pnr'),
  booking_date: optionalText(10, 'booking date').refine((value) => value === undefined || isValidIsoDate(value), {
    error: BOOKING_DATE_MESSAGE,
  }),
  agent_name: optionalText(100, 'agent name'),
  passenger_name: optionalText(100, 'passenger name'),
  booking_id: optionalText(12, 'booking id').refine((value) => value === undefined || parseBookingIdSearch(value) !== undefined, {
    error: BOOKING_ID_SEARCH_MESSAGE,
  }),
  target: z
    .union([z.enum(BOOKING_SEARCH_TARGETS), z.literal('')], { error: 'The selected target is invalid.' })
    .optional()
    .transform((value) => (value ? value : undefined)),
  value: optionalText(100, 'value'),
};

interface SearchOutput {
  page: number;
  pnr: string | undefined;
  booking_date: string | undefined;
  agent_name: string | undefined;
  passenger_name: string | undefined;
  booking_id: string | undefined;
  target: BookingSearchTarget | undefined;
  value: string | undefined;
}

/** Folds `target` + `value` into the named parameter it stands for (named parameters win). */
function foldTargetValue<T extends SearchOutput>(query: T, ctx: z.RefinementCtx) {
  const { target, value, ...rest } = query;
  const folded = { ...rest };
  if (target && value && folded[target] === undefined) {
    if (target === 'booking_date' && !isValidIsoDate(value)) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: BOOKING_DATE_MESSAGE });
      return z.NEVER;
    }
    if (target === 'booking_id' && parseBookingIdSearch(value) === undefined) {
      ctx.addIssue({ code: 'custom', path: ['value'], message: BOOKING_ID_SEARCH_MESSAGE });
      return z.NEVER;
    }
    folded[target] = target === 'booking_date' || target === 'booking_id' ? value : value.slice(0, target === 'pnr' ? 20 : 100);
  }
  return folded;
}

/** `?page=N` plus the search of 000 §2 (admin's Search By) and a state filter. */
export const bookingListQuerySchema = z
  .object({
    ...searchFields,
    status: z
      .union([z.enum(BOOKING_LIST_STATUSES), z.literal('')], { error: 'The selected status is invalid.' })
      .optional()
      .transform((value) => (value ? value : undefined)),
  })
  .transform(foldTargetValue);
export type BookingListQuery = z.output<typeof bookingListQuerySchema>;
export type BookingListInput = z.input<typeof bookingListQuerySchema>;

/** agnetlistofbookings: the list query and, for admins only, an agent's number. */
export const agentBookingListQuerySchema = z
  .object({
    ...searchFields,
    status: z
      .union([z.enum(BOOKING_LIST_STATUSES), z.literal('')], { error: 'The selected status is invalid.' })
      .optional()
      .transform((value) => (value ? value : undefined)),
    agent_id: z
      .string()
      .trim()
      .optional()
      .transform((value, ctx) => {
        if (!value) return undefined;
        if (!/^\d{1,10}$/.test(value) || Number(value) > MAX_INT) {
          ctx.addIssue({ code: 'custom', message: 'The agent id must be a number.' });
          return z.NEVER;
        }
        return Number(value);
      }),
  })
  .transform(foldTargetValue);
export type AgentBookingListQuery = z.output<typeof agentBookingListQuerySchema>;

/** pendingpayments / unpaid-bookings: the search only (the state is fixed). */
export const pendingBookingListQuerySchema = z.object(searchFields).transform(foldTargetValue);
export type PendingBookingListQuery = z.output<typeof pendingBookingListQuerySchema>;

// ---- Routes (000 §7) ---------------------------------------------------------------------------------------

export const listOfBookingsRoute = defineRoute({
  method: 'GET',
  path: '/listofbookings',
  summary: 'Every booking, newest first (search pnr, booking_date, agent_name; status hold|confirmed|cancelled)',
  tags: ['bookings'],
  access: 'admin',
  querystring: bookingListQuerySchema,
  response: { 200: bookingListResponseSchema, ...errorResponses },
});

export const agentListOfBookingsRoute = defineRoute({
  method: 'GET',
  path: '/agnetlistofbookings',
  summary: "The caller's own bookings (an admin may pass agent_id, the agent's number), newest first",
  tags: ['bookings'],
  access: 'user',
  querystring: agentBookingListQuerySchema,
  response: { 200: bookingListResponseSchema, ...errorResponses },
});

export const pendingPaymentsRoute = defineRoute({
  method: 'GET',
  path: '/pendingpayments',
  summary: 'Confirmed, live bookings not fully paid, newest first (search by target + value or named parameters)',
  tags: ['bookings'],
  access: 'admin',
  querystring: pendingBookingListQuerySchema,
  response: { 200: bookingListResponseSchema, ...errorResponses },
});

export const unpaidBookingsRoute = defineRoute({
  method: 'GET',
  path: '/unpaid-bookings',
  summary: "The caller's confirmed, live bookings not fully paid (an admin gets everyone's), newest first",
  tags: ['bookings'],
  access: 'user',
  querystring: pendingBookingListQuerySchema,
  response: { 200: bookingListResponseSchema, ...errorResponses },
});

export const bookingDetailRoute = defineRoute({
  method: 'POST',
  path: '/booking-detail',
  summary: 'One booking with passengers, payments, the group and who added, edited and cancelled it (admin)',
  tags: ['bookings'],
  access: 'admin',
  body: bookingIdBodySchema,
  response: { 200: bookingDetailResponseSchema, ...errorResponses },
});

export const agentBookingDetailRoute = defineRoute({
  method: 'POST',
  path: '/agent-booking-detail',
  summary: "One of the caller's own bookings (another agent's answers 404)",
  tags: ['bookings'],
  access: 'user',
  body: bookingIdBodySchema,
  response: { 200: bookingDetailResponseSchema, ...errorResponses },
});

export const bookingEditDetailRoute = defineRoute({
  method: 'POST',
  path: '/booking-edit-detail',
  summary: 'The passengers of a booking for the Update Booking form (admins; agents their own bookings on hold)',
  tags: ['bookings'],
  access: 'user',
  body: bookingIdBodySchema,
  response: { 200: bookingEditDetailResponseSchema, ...errorResponses },
});

export const bookingUpdateRoute = defineRoute({
  method: 'POST',
  path: '/booking-update',
  summary: "Update the passengers' details and scans; counts and types do not change (multipart name[] arrays)",
  tags: ['bookings'],
  access: 'user',
  body: bookingUpdateBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const confirmBookingRoute = defineRoute({
  method: 'POST',
  path: '/confirmbooking',
  summary: 'Confirm a booking with a discount and an optional payment; a cancelled one needs sure=1 and free seats',
  tags: ['bookings'],
  access: 'admin',
  body: confirmBookingBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

export const holdTimeUpdateRoute = defineRoute({
  method: 'POST',
  path: '/hold-time-update',
  summary: 'Move the hold expiry of a booking on hold (future only; local times are Asia/Karachi)',
  tags: ['bookings'],
  access: 'admin',
  body: holdTimeUpdateBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

/**
 * cancelbooking's query (PRODUCT §6): `cancellation_charge`, admins only, on a confirmed booking, 0 up to its final
 * total (checked by the server; 422 otherwise). Absent or '' is 0.
 */
export const cancelBookingQuerySchema = z.object({
  cancellation_charge: z.preprocess(
    (value) => (value === undefined || value === '' ? '0' : value),
    integerField('cancellation charge', { min: 0, max: MONEY_MAX }),
  ),
});
export type CancelBookingQuery = z.output<typeof cancelBookingQuerySchema>;

export const cancelBookingRoute = defineRoute({
  method: 'GET',
  path: '/cancelbooking/:id',
  summary: 'Cancel a booking (agents: their own on hold; admins: any not cancelled, a confirmed one with a cancellation_charge); seats return',
  tags: ['bookings'],
  access: 'user',
  params: idParamsSchema,
  querystring: cancelBookingQuerySchema,
  response: { 200: messageSchema, ...errorResponses },
});
