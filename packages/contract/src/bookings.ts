import { z } from 'zod';
import { defineRoute, errorResponses, required } from './common.js';
import { DOCUMENT_TYPES, optionalFileField, requiredFileField, type FormFile } from './files.js';
import { isValidIsoDate } from './group-form.js';

/**
 * Creating bookings (000 §4-§5, §7; PRODUCT §4 "Booking"; issue 4): check-availbility, add-booking and
 * searchagent. Field names and quoted texts are the seeds' own, typos included (PRODUCT §3).
 * The rules are pure functions here, so the Book Ticket dialog and the server apply the same ones;
 * the rules that need the group (ages on its first departure, passport expiry against its last travel
 * date) take those dates as arguments.
 */

// ---- Constants and messages --------------------------------------------------------------------------

/** 000 §5 / §9: at most 5 adults per booking. */
export const MAX_ADULTS = 5;
/**
 * Our decision: at most 10 children, so a booking has at most 20 passengers (5 + 10 + 5), which keeps a
 * form with a passport and a visa copy per passenger inside the upload limit of 40 files.
 */
export const MAX_CHILDREN = 10;
export const MAX_PASSENGERS = MAX_ADULTS + MAX_CHILDREN + MAX_ADULTS;

/** 000 §5, quoted exactly. */
export const MAX_ADULTS_MESSAGE = 'You can select upto 5 Adult tickets only.';
export const INFANTS_OVER_ADULTS_MESSAGE = 'Infant can not more than adult.';
/** PRODUCT §4 "at least 1 adult"; the seeds do not word it. */
export const MIN_ADULTS_MESSAGE = 'At least 1 Adult ticket is required.';
export const MAX_CHILDREN_MESSAGE = `You can select upto ${MAX_CHILDREN} Child tickets only.`;
/** 000 §8: availability false; add-booking answers it with 409 when the seats are gone. */
export const SEATS_UNAVAILABLE_MESSAGE = 'Sorry! Please Refresh page and try again.';
/** 409: the group was closed, deleted or has departed since the dialog opened (PRODUCT §4 "Inventory"). */
export const GROUP_NOT_BOOKABLE_MESSAGE = 'This group is no longer open for booking. Please Refresh page and try again.';
/**
 * 409: add-booking's `updated_at` is not the group's current one, so the fare the agent saw may be stale
 * (000 §7 sends it for this purpose). Our decision: refuse rather than charge a price the agent did not see.
 */
export const STALE_GROUP_MESSAGE =
  'The fare or schedule of this group has changed since you opened it. Please Refresh page and try again.';
/** 000 §5 / §9: the alert for a scan over 2 MB; the server answers it with 413. */
export const PASSENGER_FILE_TOO_LARGE_MESSAGE = 'File size should be less than 2MB';
export const BOOKING_ADDED_MESSAGE = 'Ticket booked successfully!';
/** 000 §2: the dialog's title after success. */
export const BOOKED_TITLE = 'Ticket Booked!';
export const AGENT_INVALID_MESSAGE = 'The selected agent is invalid.';
export const PNR_INVALID_MESSAGE = 'The selected pnr is invalid.';
/**
 * PRODUCT §6 "Duplicate passengers": 409 of add-booking and booking-update (and of confirming a released
 * booking, decision 025) when a passport number is already on a live booking of the group, whoever booked it.
 * `passportNo` is the normalised number (normalisePassportNo).
 */
export function passportAlreadyBookedMessage(passportNo: string): string {
  return `Passport ${passportNo} is already booked on this group.`;
}
/** PRODUCT §6: 422 on the passport no of a passenger whose number an earlier passenger of the same request has. */
export const PASSPORT_REPEATED_MESSAGE = 'The passport no is already entered for another passenger of this booking.';

/**
 * PRODUCT §6 "Names later" (decision 030): 422 on `names_later` when the group has no name deadline, or when it
 * has passed; the passengers then need their names now.
 */
export const NAMES_LATER_NO_DEADLINE_MESSAGE = 'This group has no name deadline, so every passenger needs a name now.';
export const NAMES_LATER_DEADLINE_PASSED_MESSAGE = 'The name deadline of this group has passed, so every passenger needs a name now.';

/** The most agents searchagent answers. */
export const AGENT_SEARCH_LIMIT = 20;

// ---- Passenger rules (pure, shared by the dialog and the server) -----------------------------------

export const PASSENGER_TYPES = ['adult', 'child', 'infant'] as const;
export type PassengerType = (typeof PASSENGER_TYPES)[number];
/** A passenger type as screens and documents print it. */
export const PASSENGER_TYPE_LABELS: Record<PassengerType, string> = { adult: 'Adult', child: 'Child', infant: 'Infant' };

/** 000 §5: adults Mr, Mrs, Ms; children Mstr, Miss; infants Inf (the table's check holds the same list). */
export const PASSENGER_TITLES = {
  adult: ['Mr', 'Mrs', 'Ms'],
  child: ['Mstr', 'Miss'],
  infant: ['Inf'],
} as const satisfies Record<PassengerType, readonly string[]>;
export type PassengerTitle = (typeof PASSENGER_TITLES)[PassengerType][number];

/** The title of the list for `type` that matches `value` case-insensitively ('mr' → 'Mr'), or undefined. */
export function findPassengerTitle(type: PassengerType, value: string): PassengerTitle | undefined {
  const wanted = value.trim().toLowerCase();
  return PASSENGER_TITLES[type].find((title) => title.toLowerCase() === wanted);
}

export function passengerTitleMessage(type: PassengerType): string {
  return `The title must be one of: ${PASSENGER_TITLES[type].join(', ')}.`;
}

export interface PassengerCounts {
  adults: number;
  children: number;
  infants: number;
}

/** The count rules (000 §5, PRODUCT §4) as {field: message}; fields are the check-availbility names. */
export function getCountErrors({ adults, children, infants }: PassengerCounts): Partial<Record<'adult' | 'child' | 'infant', string>> {
  const errors: Partial<Record<'adult' | 'child' | 'infant', string>> = {};
  if (adults > MAX_ADULTS) errors.adult = MAX_ADULTS_MESSAGE;
  else if (adults < 1) errors.adult = MIN_ADULTS_MESSAGE;
  if (children > MAX_CHILDREN) errors.child = MAX_CHILDREN_MESSAGE;
  if (infants > adults) errors.infant = INFANTS_OVER_ADULTS_MESSAGE;
  return errors;
}

/**
 * Names (PRODUCT §4; the seed's helper is unspecified): trimmed, inner white space collapsed to one space,
 * upper-cased ('  muhammad   ali ' → 'MUHAMMAD ALI').
 */
export function normalisePassengerName(value: string): string {
  return value.trim().replace(/\s+/g, ' ').toUpperCase();
}

/** After normalising: letters (any script), spaces, hyphens and apostrophes, starting with a letter. */
export function isValidPassengerName(normalised: string): boolean {
  return /^\p{L}[\p{L}\p{M} '’-]*$/u.test(normalised);
}

function parseIsoDate(value: string): { year: number; month: number; day: number } {
  const [year, month, day] = value.split('-').map(Number) as [number, number, number];
  return { year, month, day };
}

/**
 * Whole years from `dob` to `onDate` by the calendar (PRODUCT §4): the age goes up on the birthday; someone
 * born on 29 February turns a year older on 1 March in other years.
 */
export function getAgeInYears(dob: string, onDate: string): number {
  const birth = parseIsoDate(dob);
  const on = parseIsoDate(onDate);
  const beforeBirthday = on.month < birth.month || (on.month === birth.month && on.day < birth.day);
  return on.year - birth.year - (beforeBirthday ? 1 : 0);
}

/**
 * The age shown in the age messages, in years with one decimal ('12.3'): the whole years plus the part of
 * the year since the last birthday, rounded down, so a passenger refused for being 12 or older never reads
 * as '11.9' and one accepted never reads as '12.0'. (The seed's client showed a decimal age too.)
 */
export function formatAge(dob: string, onDate: string): string {
  const years = getAgeInYears(dob, onDate);
  const birth = parseIsoDate(dob);
  const on = parseIsoDate(onDate);
  // Date.UTC rolls 29 February over to 1 March in other years, as getAgeInYears does.
  const last = Date.UTC(birth.year + years, birth.month - 1, birth.day);
  const next = Date.UTC(birth.year + years + 1, birth.month - 1, birth.day);
  const fraction = (Date.UTC(on.year, on.month - 1, on.day) - last) / (next - last);
  const tenths = Math.floor((years + fraction) * 10 + 1e-9);
  return (tenths / 10).toFixed(1);
}

/** 000 §5, quoted exactly (typos included). */
export function childTooOldMessage(age: string): string {
  return `Selected AGE is ${age}, Child shouldn't be more than 12 years`;
}
export function infantTooOldMessage(age: string): string {
  return `Selected AGE is ${age}, But Infant shouldn't be more that 2 years`;
}
/** Ours, in the same voice: the seeds only word the upper limits. */
export function adultTooYoungMessage(age: string): string {
  return `Selected AGE is ${age}, Adult should be at least 12 years`;
}
export function childTooYoungMessage(age: string): string {
  return `Selected AGE is ${age}, Child should be at least 2 years`;
}

/**
 * The age rule of PRODUCT §4 on the first departure date: infant under 2, child 2 to under 12, adult 12 or
 * over. Returns the message for a passenger whose age does not fit its type, or null.
 */
export function getPassengerAgeError({
  type,
  dob,
  travelDate,
}: {
  type: PassengerType;
  dob: string;
  travelDate: string;
}): string | null {
  if (!isValidIsoDate(dob) || !isValidIsoDate(travelDate)) return null;
  const years = getAgeInYears(dob, travelDate);
  const age = () => formatAge(dob, travelDate);
  if (type === 'infant' && years >= 2) return infantTooOldMessage(age());
  if (type === 'child' && years >= 12) return childTooOldMessage(age());
  if (type === 'child' && years < 2) return childTooYoungMessage(age());
  if (type === 'adult' && years < 12) return adultTooYoungMessage(age());
  return null;
}

export const DOB_IN_FUTURE_MESSAGE = 'The date of birth must be a date before or equal to today.';
export function passportExpiryMessage(lastTravelDate: string): string {
  return `The passport expiry date must be a date after or equal to the last travel date (${lastTravelDate}).`;
}

/**
 * The date rules of one passenger against the group (PRODUCT §4): date of birth not after today, age on the
 * first departure fits the type, passport valid until the last travel date (the last leg's arrival date).
 * Returns messages by field name (dob, passport_expiry_date).
 */
export function getPassengerDateErrors({
  type,
  dob,
  passportExpiryDate,
  today,
  firstDeparture,
  lastTravelDate,
}: {
  type: PassengerType;
  dob: string;
  passportExpiryDate: string;
  /** YYYY-MM-DD in Asia/Karachi. */
  today: string;
  firstDeparture: string;
  lastTravelDate: string;
}): Partial<Record<'dob' | 'passport_expiry_date', string>> {
  const errors: Partial<Record<'dob' | 'passport_expiry_date', string>> = {};
  if (dob > today) errors.dob = DOB_IN_FUTURE_MESSAGE;
  else {
    const ageError = getPassengerAgeError({ type, dob, travelDate: firstDeparture });
    if (ageError) errors.dob = ageError;
  }
  if (passportExpiryDate < lastTravelDate) errors.passport_expiry_date = passportExpiryMessage(lastTravelDate);
  return errors;
}

// ---- Passport numbers (PRODUCT §6 "Duplicate passengers", decision 025) ---------------------------------

/**
 * A passport number as stored and compared: every white space removed (leading, trailing and inner, as agents
 * copy 'AB 1234567' from the booklet) and upper-cased, so ' ab 1234567 ' and 'AB1234567' are one passport.
 */
export function normalisePassportNo(value: string): string {
  return value.replace(/\s+/g, '').toUpperCase();
}

/**
 * The positions of the passengers whose passport number an earlier passenger of the same list already has
 * (normalised; empty or missing numbers are left to the required rule): the second of two is the one reported.
 */
export function findRepeatedPassports(passportNos: ReadonlyArray<unknown>): number[] {
  const seen = new Set<string>();
  const repeated: number[] = [];
  passportNos.forEach((value, index) => {
    if (typeof value !== 'string') return;
    const number = normalisePassportNo(value);
    if (number === '') return;
    if (seen.has(number)) repeated.push(index);
    else seen.add(number);
  });
  return repeated;
}

/**
 * Which passenger a 409 passportAlreadyBookedMessage is about: the index of the first passport number of the
 * form that makes exactly that message, or -1. The dialogs put the message under that passenger's field.
 */
export function findBookedPassportIndex(message: string, passportNos: ReadonlyArray<string | null | undefined>): number {
  return passportNos.findIndex((value) => typeof value === 'string' && passportAlreadyBookedMessage(normalisePassportNo(value)) === message);
}

// ---- Field schemas -------------------------------------------------------------------------------------

/** A count of the dialog (000 §5): a whole number, empty or absent counts as 0; forms send text. */
function countField(label: string) {
  return z
    .union([z.string(), z.number(), z.null()], { error: `The ${label} must be an integer.` })
    .optional()
    .transform((value, ctx) => {
      const text = value === null || value === undefined ? '' : String(value).trim();
      if (text === '') return 0;
      if (!/^-?\d+$/.test(text)) {
        ctx.addIssue({ code: 'custom', message: `The ${label} must be an integer.` });
        return z.NEVER;
      }
      const number = Number(text);
      if (number < 0) {
        ctx.addIssue({ code: 'custom', message: `The ${label} must be at least 0.` });
        return z.NEVER;
      }
      // Large numbers are refused by the count rules; cap here so they stay numbers a column can hold.
      return Math.min(number, 1000);
    });
}

function textField(label: string, max: number) {
  return z
    .string({ error: required(label) })
    .trim()
    // abort: an empty field reports only that it is required, not also that it is not a date.
    .min(1, { error: required(label), abort: true })
    .max(max, { error: `The ${label} may not be greater than ${max} characters.` });
}

function pnrField() {
  return textField('pnr', 20).transform((value) => value.toUpperCase());
}

/** A 1/0 flag: 1/0, '1'/'0', true/false, 'true'/'false'; '' or absent is undefined (the caller's default). */
export function optionalFlag(label: string) {
  return z
    .union([z.literal([1, 0, '1', '0', 'true', 'false', '']), z.boolean(), z.null()], { error: `The ${label} field must be 1 or 0.` })
    .optional()
    .transform((value): boolean | undefined => {
      if (value === undefined || value === null || value === '') return undefined;
      return value === 1 || value === '1' || value === true || value === 'true';
    });
}

/** Forms send the agent's id as text; absent or '' is 0 (no agent). */
const agentField = z
  .union([z.string(), z.number(), z.null()], { error: 'The agent must be an integer.' })
  .optional()
  .transform((value, ctx) => {
    const text = value === undefined || value === null ? '' : String(value).trim();
    if (text === '') return 0;
    if (!/^\d+$/.test(text) || Number(text) > 2_147_483_647) {
      ctx.addIssue({ code: 'custom', message: 'The agent must be an integer.' });
      return z.NEVER;
    }
    return Number(text);
  });

// ---- check-availbility ----------------------------------------------------------------------------------

/** POST /check-availbility (000 §7): the counts of the Book Ticket dialog and the group's PNR. */
export const checkAvailabilityBodySchema = z
  .object({
    adult: countField('adult'),
    child: countField('child'),
    infant: countField('infant'),
    pnr: pnrField(),
    /** Sent by the seed's client; ignored (the server answers the group's own prices). */
    price: z.unknown().optional(),
  })
  .superRefine((body, ctx) => {
    const errors = getCountErrors({ adults: body.adult, children: body.child, infants: body.infant });
    for (const [field, message] of Object.entries(errors)) ctx.addIssue({ code: 'custom', path: [field], message });
  });
export type CheckAvailabilityBody = z.output<typeof checkAvailabilityBodySchema>;
export type CheckAvailabilityInput = z.input<typeof checkAvailabilityBodySchema>;

export const checkAvailabilityResponseSchema = z.object({
  data: z.object({
    /**
     * true: the group is open, not deleted, its first departure is today or later (Asia/Karachi) and it
     * has at least adult + child seats left (infants take none). An unknown PNR answers false.
     */
    status: z.boolean(),
    /** Seats left now (0 for an unknown PNR). */
    remaining: z.number().int(),
    /** Whole PKR per adult or child seat, per infant, and the total the server will charge; null for an unknown PNR. */
    price: z.number().int().nullable(),
    infant_price: z.number().int().nullable(),
    total_amount: z.number().int().nullable(),
    /** The group's updated_at (ISO 8601) to send back with add-booking; null for an unknown PNR. */
    updated_at: z.string().nullable(),
  }),
});
export type CheckAvailabilityResponse = z.infer<typeof checkAvailabilityResponseSchema>;

// ---- add-booking ------------------------------------------------------------------------------------------

/** A `name[]` array; one value sent without `[]` counts as a one-entry array; absent is empty. */
function formArray() {
  return z.preprocess(
    (value) => (value === undefined || value === null || value === '' ? [] : Array.isArray(value) ? value : [value]),
    z.array(z.unknown()).max(MAX_PASSENGERS, { error: `A booking may not have more than ${MAX_PASSENGERS} passengers.` }),
  );
}

function passengerNameField(label: string) {
  return textField(label, 60)
    .transform(normalisePassengerName)
    .refine(isValidPassengerName, { error: `The ${label} may only contain letters, spaces, hyphens and apostrophes.` });
}

function passengerDateField(label: string) {
  return textField(label, 10).refine(isValidIsoDate, { error: `The ${label} is not a valid date (YYYY-MM-DD).` });
}

/**
 * One passenger's fields, checked by themselves (form syntax); ages and passport expiry need the group and
 * are checked with getPassengerDateErrors. Exported so booking-update validates passengers the same way.
 */
export const passengerFieldsSchema = z.object({
  type: z
    .string({ error: required('type') })
    .trim()
    .min(1, { error: required('type') })
    .transform((value) => value.toLowerCase())
    .pipe(z.enum(PASSENGER_TYPES, { error: 'The selected type is invalid.' })),
  title: textField('title', 10),
  firstname: passengerNameField('first name'),
  lastname: passengerNameField('last name'),
  dob: passengerDateField('date of birth'),
  passport_no: textField('passport no', 20)
    .transform(normalisePassportNo)
    .refine((value) => /^[A-Z0-9-]+$/.test(value), { error: 'The passport no may only contain letters, numbers and hyphens.' }),
  passport_expiry_date: passengerDateField('passport expiry date'),
  passport_img: requiredFileField('passport image', DOCUMENT_TYPES),
  visa_copy: optionalFileField('visa copy', DOCUMENT_TYPES),
});

/** A passenger as the server receives it after validation (title canonical for its type, names normalised). */
export interface PassengerInput {
  type: PassengerType;
  title: PassengerTitle;
  firstname: string;
  lastname: string;
  dob: string;
  passport_no: string;
  passport_expiry_date: string;
  passport_img: FormFile;
  visa_copy: FormFile | undefined;
}

/**
 * PRODUCT §6: two passengers of one request with the same passport number: a 422 on the later one's
 * `passport_no.N` (a number the field rule already refused gets no second message). Shared with booking-update.
 */
export function addRepeatedPassportIssues(passportNos: ReadonlyArray<unknown>, ctx: z.RefinementCtx): void {
  for (const index of findRepeatedPassports(passportNos)) {
    if (!passengerFieldsSchema.shape.passport_no.safeParse(passportNos[index]).success) continue;
    ctx.addIssue({ code: 'custom', path: ['passport_no', index], message: PASSPORT_REPEATED_MESSAGE });
  }
}

/** Per-passenger form arrays and the name each one's errors are keyed by. */
const PASSENGER_ARRAYS = ['type', 'firstname', 'lastname', 'dob', 'passport_no', 'passport_expiry_date', 'passport_img', 'visa_copy'] as const;

const addBookingFields = {
  pnr: pnrField(),
  /** Admin only: the agent's users.id (the searchagent answer's id) to book for; 0 or absent: a walk-in sale. Agents' value is ignored. */
  agent: agentField,
  /** Admin only: 1 a walk-in sale (agent 0). Ignored for agents. */
  walking: optionalFlag('walking'),
  /** The group's updated_at as the dialog received it (ticket card or check-availbility); a different one answers 409. */
  updated_at: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return undefined;
      if (Number.isNaN(Date.parse(text))) {
        ctx.addIssue({ code: 'custom', message: 'The updated at is not a valid date.' });
        return z.NEVER;
      }
      return text;
    }),
  /** Admin only: 1 confirmed (default), 0 Hold. An agent's booking is always on Hold (PRODUCT §4). */
  confirmed: optionalFlag('confirmed'),
  /** Admin only: 1 books past the agent's credit limit (PRODUCT §6, credit.ts). Ignored for agents. */
  override: optionalFlag('override'),
  /**
   * PRODUCT §6: 1 books the seats with names later: only `type[]` is read (the other passenger arrays are
   * ignored), allowed while the group's name deadline is in the future; booking-update fills the names.
   */
  names_later: optionalFlag('names later'),
  remarks: z
    .union([z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text.length > 1000) {
        ctx.addIssue({ code: 'custom', message: 'The remarks may not be greater than 1000 characters.' });
        return z.NEVER;
      }
      return text === '' ? null : text;
    }),
  /** Ignored: the server computes every amount (PRODUCT §4). */
  total_amount: z.unknown().optional(),
  received_amount: z.unknown().optional(),
  remaining_amount: z.unknown().optional(),
  /** Passenger arrays, one entry per passenger in form order; `type[]` decides how many there are. */
  type: formArray(),
  /** The seed sends titles[]; title[] is accepted too (titles wins when both are sent). */
  titles: formArray(),
  title: formArray(),
  firstname: formArray(),
  lastname: formArray(),
  dob: formArray(),
  passport_no: formArray(),
  passport_expiry_date: formArray(),
  /**
   * Files, one per passenger. Send them as `passport_img[]` in passenger order, or as `passport_img[N]`;
   * visa copies are optional, so send them as `visa_copy[N]` (or put an empty text field in the place of a
   * missing one): a browser drops empty file inputs, which would shift the later copies onto other passengers.
   */
  passport_img: formArray(),
  visa_copy: formArray(),
};

type AddBookingFields = z.output<z.ZodObject<typeof addBookingFields>>;

/**
 * Builds the passengers from the arrays; every problem is an issue keyed like Laravel's ('firstname.0').
 * Counts come from type[] (the same rules as check-availbility, reported on `type`).
 */
function readPassengers(body: AddBookingFields, ctx: z.RefinementCtx): PassengerInput[] {
  const titleKey = body.titles.length > 0 ? 'titles' : body.title.length > 0 ? 'title' : 'titles';
  const titles = titleKey === 'titles' ? body.titles : body.title;
  const count = body.type.length;
  if (count === 0) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: required('type') });
    return [];
  }
  const passengers: PassengerInput[] = [];
  for (let index = 0; index < count; index++) {
    const candidate: Record<string, unknown> = { title: titles[index] };
    for (const field of PASSENGER_ARRAYS) candidate[field] = body[field][index];
    const parsed = passengerFieldsSchema.safeParse(candidate);
    if (!parsed.success) {
      for (const issue of parsed.error.issues) {
        const field = String(issue.path[0] ?? 'type');
        ctx.addIssue({ code: 'custom', path: [field === 'title' ? titleKey : field, index], message: issue.message });
      }
    }
    const typeResult = passengerFieldsSchema.shape.type.safeParse(candidate.type);
    const type = typeResult.success ? typeResult.data : undefined;
    const rawTitle = typeof candidate.title === 'string' ? candidate.title : '';
    const title = type ? findPassengerTitle(type, rawTitle) : undefined;
    if (type && rawTitle.trim() !== '' && !title) {
      ctx.addIssue({ code: 'custom', path: [titleKey, index], message: passengerTitleMessage(type) });
    }
    if (parsed.success && title) passengers.push({ ...parsed.data, title, visa_copy: parsed.data.visa_copy });
  }
  // An array with more entries than type[] is a form out of step with its passengers.
  const extras: Array<[string, unknown[]]> = [[titleKey, titles], ...PASSENGER_ARRAYS.map((field) => [field, body[field]] as [string, unknown[]])];
  for (const [field, values] of extras) {
    if (values.slice(count).some((value) => value !== undefined && value !== null && value !== '')) {
      ctx.addIssue({ code: 'custom', path: [field], message: `The ${field} must not have more items than the type.` });
    }
  }
  const types = body.type.map((value) => (typeof value === 'string' ? value.trim().toLowerCase() : ''));
  const counts = {
    adults: types.filter((type) => type === 'adult').length,
    children: types.filter((type) => type === 'child').length,
    infants: types.filter((type) => type === 'infant').length,
  };
  for (const message of Object.values(getCountErrors(counts))) ctx.addIssue({ code: 'custom', path: ['type'], message });
  addRepeatedPassportIssues(body.passport_no.slice(0, count), ctx);
  return passengers;
}

/** Names later (PRODUCT §6): the passengers by type only, with the count rules of check-availbility. */
function readPassengerTypes(body: AddBookingFields, ctx: z.RefinementCtx): PassengerType[] {
  if (body.type.length === 0) {
    ctx.addIssue({ code: 'custom', path: ['type'], message: required('type') });
    return [];
  }
  const types: PassengerType[] = [];
  body.type.forEach((value, index) => {
    const parsed = passengerFieldsSchema.shape.type.safeParse(value);
    if (parsed.success) types.push(parsed.data);
    else for (const issue of parsed.error.issues) ctx.addIssue({ code: 'custom', path: ['type', index], message: issue.message });
  });
  const counts = {
    adults: types.filter((type) => type === 'adult').length,
    children: types.filter((type) => type === 'child').length,
    infants: types.filter((type) => type === 'infant').length,
  };
  for (const message of Object.values(getCountErrors(counts))) ctx.addIssue({ code: 'custom', path: ['type'], message });
  return types;
}

/** POST /add-booking (000 §7), multipart (or JSON without files, which then fails on passport_img). */
export const addBookingBodySchema = z.object(addBookingFields).transform((body, ctx) => {
  const namesLater = body.names_later === true;
  const passengers = namesLater ? [] : readPassengers(body, ctx);
  return {
    /** true: `passenger_types` only, no details (PRODUCT §6 names later); false: `passengers` in full. */
    names_later: namesLater,
    passenger_types: namesLater ? readPassengerTypes(body, ctx) : passengers.map((passenger) => passenger.type),
    pnr: body.pnr,
    agent: body.agent,
    walking: body.walking,
    updated_at: body.updated_at,
    confirmed: body.confirmed,
    override: body.override,
    remarks: body.remarks,
    passengers,
  };
});
export type AddBookingBody = z.output<typeof addBookingBodySchema>;
export type AddBookingInput = z.input<typeof addBookingBodySchema>;

export const addBookingResponseSchema = z.object({ message: z.string(), data: z.object({ id: z.number().int() }) });
export type AddBookingResponse = z.infer<typeof addBookingResponseSchema>;

/** The header that makes add-booking safe to repeat (PRODUCT §4: a double click books once). */
export const IDEMPOTENCY_KEY_HEADER = 'Idempotency-Key';
export const IDEMPOTENCY_KEY_MAX_LENGTH = 200;

// ---- searchagent --------------------------------------------------------------------------------------------

export const searchAgentBodySchema = z.object({
  searchquery: z
    .union([z.string(), z.number(), z.null()])
    .optional()
    .transform((value) => (value === undefined || value === null ? '' : String(value).trim().slice(0, 100))),
});
export type SearchAgentBody = z.output<typeof searchAgentBodySchema>;

export const agentOptionSchema = z.object({
  /** The agent's users.id: what add-booking's `agent` takes. */
  id: z.number().int(),
  name: z.string(),
  /** The agent's number, shown "Agent-{agent_id}". */
  agent_id: z.number().int().nullable(),
  agency_name: z.string().nullable(),
});
export type AgentOption = z.infer<typeof agentOptionSchema>;

export const searchAgentResponseSchema = z.object({ data: z.array(agentOptionSchema) });
export type SearchAgentResponse = z.infer<typeof searchAgentResponseSchema>;

// ---- Routes (000 §7) --------------------------------------------------------------------------------------

export const checkAvailabilityRoute = defineRoute({
  method: 'POST',
  path: '/check-availbility',
  summary: 'Whether a group can still take adult + child seats (data.status), with its current prices',
  tags: ['bookings'],
  access: 'user',
  body: checkAvailabilityBodySchema,
  response: { 200: checkAvailabilityResponseSchema, ...errorResponses },
});

export const addBookingRoute = defineRoute({
  method: 'POST',
  path: '/add-booking',
  summary:
    'Book seats of a group with its passengers (multipart). Agents: on Hold until cancel_at. Admins: for an agent or walk-in. ' +
    'An Idempotency-Key header answers a repeat with the first booking (200).',
  tags: ['bookings'],
  access: 'user',
  body: addBookingBodySchema,
  response: { 200: addBookingResponseSchema, 201: addBookingResponseSchema, ...errorResponses },
});

export const searchAgentRoute = defineRoute({
  method: 'POST',
  path: '/searchagent',
  summary: `Approved agents whose name, agency or number matches (at most ${AGENT_SEARCH_LIMIT}); an empty query finds none`,
  tags: ['bookings'],
  access: 'admin',
  body: searchAgentBodySchema,
  response: { 200: searchAgentResponseSchema, ...errorResponses },
});
