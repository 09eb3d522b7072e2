import { z } from 'zod';
import { integerField, required } from './common.js';

/**
 * The group form (001 §2 Add / Edit Group, §5): the write bodies of add-group, update-group and
 * update-group-status, which validate the web form and the server alike (STYLE: one zod schema).
 * Field names are the seeds' own, misspellings included (`arivval_*`, `my_section_id`, PRODUCT §3).
 * Re-exported by groups.ts, so clients import everything from '@portal/contract/groups'.
 */

export type TicketType = 1 | 2;
export type Direction = 1 | 2;

/** Legs a layout has (001 §2 "Trip layouts"): one-way direct 1, one-way via 2, round trip direct 2, round trip via 4. */
export function getGroupLegCount(ticketType: TicketType, direction: Direction): 1 | 2 | 4 {
  if (ticketType === 1) return direction === 1 ? 1 : 2;
  return direction === 1 ? 2 : 4;
}

/** The form's trip block names, leg by leg (001 §2: out; B-1, B-2 back). */
export function getGroupTripLabels(ticketType: TicketType, direction: Direction): string[] {
  if (ticketType === 1) return direction === 1 ? ['A-1'] : ['A-1', 'A-2'];
  return direction === 1 ? ['A-1', 'B-1'] : ['A-1', 'A-2', 'B-1', 'B-2'];
}

export function getGroupLayoutName(ticketType: TicketType, direction: Direction): string {
  return `${ticketType === 1 ? 'one-way' : 'round-trip'} ${direction === 1 ? 'direct' : 'via'}`;
}

/**
 * Airport and terminal names (001 §5 "normalised by a helper", rules not shown; our decision): trimmed,
 * inner spaces collapsed, and the first letter of every word upper-cased; the other letters stay as typed,
 * so codes such as 'JFK' or 'T3' are kept ('allama iqbal  intl' → 'Allama Iqbal Intl').
 */
export function normalisePlaceName(value: string): string {
  return value
    .trim()
    .replace(/\s+/g, ' ')
    .replace(/(^|[\s\-/(])(\p{Ll})/gu, (_match, before: string, letter: string) => before + letter.toUpperCase());
}


/** An id sent by a select (`'3'` or `3`); whether it exists is the server's check. */
function idField(label: string) {
  return integerField(label, { min: 1, max: 2_147_483_647 });
}

/** A fixed choice of numbers (ticket_type 1|2, meal 1|0, ...); forms send them as text. */
function choiceField<const T extends readonly number[]>(label: string, values: T) {
  return z
    .union([z.string(), z.number(), z.boolean()], { error: required(label) })
    .transform((value, ctx): T[number] => {
      const text = typeof value === 'boolean' ? (value ? '1' : '0') : String(value).trim();
      if (text === '') {
        ctx.addIssue({ code: 'custom', message: required(label) });
        return z.NEVER;
      }
      const number = Number(text);
      if (!values.includes(number)) {
        ctx.addIssue({ code: 'custom', message: `The selected ${label} is invalid.` });
        return z.NEVER;
      }
      return number as T[number];
    });
}

function textField(label: string, max: number) {
  return z
    .string({ error: required(label) })
    .trim()
    .min(1, { error: required(label) })
    .max(max, { error: `The ${label} may not be greater than ${max} characters.` });
}

function placeField(label: string) {
  return textField(label, 100).transform(normalisePlaceName);
}

/** Optional terminal: empty or absent is null. */
function terminalField(label: string) {
  return z
    .union([z.string(), z.null()])
    .optional()
    .transform((value, ctx) => {
      const text = value?.trim() ?? '';
      if (text === '') return null;
      if (text.length > 50) {
        ctx.addIssue({ code: 'custom', message: `The ${label} may not be greater than 50 characters.` });
        return z.NEVER;
      }
      return normalisePlaceName(text);
    });
}

const DATE_PATTERN = /^(\d{4})-(\d{2})-(\d{2})$/;

export function isValidIsoDate(value: string): boolean {
  const match = DATE_PATTERN.exec(value);
  if (!match) return false;
  const [year, month, day] = [Number(match[1]), Number(match[2]), Number(match[3])];
  const date = new Date(Date.UTC(year, month - 1, day));
  return date.getUTCFullYear() === year && date.getUTCMonth() === month - 1 && date.getUTCDate() === day;
}

/** Asia/Karachi is UTC+05:00 all year (no daylight saving since 2009). */
export const KARACHI_UTC_OFFSET = '+05:00';

const DATE_TIME_PATTERN = /^(\d{4}-\d{2}-\d{2})[T ]([01]\d|2[0-3]):([0-5]\d)(?::([0-5]\d)(?:\.\d{1,6})?)?(Z|[+-](?:[01]\d|2[0-3]):?[0-5]\d)?$/;

/**
 * A date and time as the hold-time dialog sends it: ISO 8601 with a zone ('2025-01-02T10:30:00Z'), or a local
 * 'YYYY-MM-DD HH:mm' / 'YYYY-MM-DDTHH:mm' (a datetime-local input), read in Asia/Karachi. undefined if invalid.
 */
export function parseKarachiDateTime(value: string): Date | undefined {
  const match = DATE_TIME_PATTERN.exec(value.trim());
  if (!match) return undefined;
  const [, day, hours, minutes, seconds = '00', zone] = match;
  if (!day || !isValidIsoDate(day)) return undefined;
  const offset = zone === undefined ? KARACHI_UTC_OFFSET : zone === 'Z' ? 'Z' : zone.includes(':') ? zone : `${zone.slice(0, 3)}:${zone.slice(3)}`;
  const date = new Date(`${day}T${hours}:${minutes}:${seconds}${offset}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

/** `YYYY-MM-DD` (PRODUCT §3). */
function dateField(label: string) {
  return textField(label, 10).refine(isValidIsoDate, { error: `The ${label} is not a valid date (YYYY-MM-DD).` });
}

/** `HH:mm` (PRODUCT §3); `HH:mm:ss` from a time picker is accepted and cut to minutes. */
function timeField(label: string) {
  return textField(label, 8)
    .refine((value) => /^([01]\d|2[0-3]):[0-5]\d(:[0-5]\d)?$/.test(value), {
      error: `The ${label} must be a valid time (HH:mm).`,
    })
    .transform((value) => value.slice(0, 5));
}

// ---- Deadlines (PRODUCT §6 "Group deadlines, names later, ticketing"; decision 030) ----------------------------

export const GROUP_DEADLINE_FIELDS = ['deposit_deadline', 'name_deadline', 'ticketing_deadline'] as const;
export type GroupDeadlineField = (typeof GROUP_DEADLINE_FIELDS)[number];

export const GROUP_DEADLINE_LABELS: Record<GroupDeadlineField, string> = {
  deposit_deadline: 'deposit deadline',
  name_deadline: 'name deadline',
  ticketing_deadline: 'ticketing deadline',
};

/** 422 on the field: a value that is no date and time. */
export function deadlineInvalidMessage(field: GroupDeadlineField): string {
  return `The ${GROUP_DEADLINE_LABELS[field]} is not a valid date and time.`;
}
/** 422 on the field: every deadline is before the first departure (its date and time read in Asia/Karachi). */
export function deadlineAfterDepartureMessage(field: GroupDeadlineField): string {
  return `The ${GROUP_DEADLINE_LABELS[field]} must be before the first departure.`;
}
/** 422 on name_deadline: names are due no later than the tickets (PRODUCT §6). */
export const NAME_AFTER_TICKETING_MESSAGE = 'The name deadline may not be after the ticketing deadline.';

/**
 * An optional deadline: an instant, ISO 8601 with a zone or a local 'YYYY-MM-DD HH:mm' read in Asia/Karachi
 * (parseKarachiDateTime); empty, null or absent is no deadline (update-group then clears it).
 */
function deadlineField(field: GroupDeadlineField) {
  return z
    .union([z.string(), z.null()], { error: deadlineInvalidMessage(field) })
    .optional()
    .transform((value, ctx): string | null => {
      const text = value?.trim() ?? '';
      if (text === '') return null;
      const date = parseKarachiDateTime(text);
      if (!date) {
        ctx.addIssue({ code: 'custom', message: deadlineInvalidMessage(field) });
        return z.NEVER;
      }
      // The instant in ISO 8601 (UTC), so the parsed body can be sent again as it is (the web form sends it).
      return date.toISOString();
    });
}

export type DeadlineIssue = { path: [GroupDeadlineField]; message: string };

/**
 * The order rules of the deadlines (PRODUCT §6): each one before the first departure (`firstDeparture`: the first
 * leg's date and time as an instant, undefined while not typed), and the name deadline not after the ticketing
 * deadline. Shared by the server and the group form, which says it as the fields are typed.
 */
export function findDeadlineIssues({
  deadlines,
  firstDeparture,
}: {
  deadlines: Partial<Record<GroupDeadlineField, Date | null>>;
  firstDeparture: Date | undefined;
}): DeadlineIssue[] {
  const issues: DeadlineIssue[] = [];
  for (const field of GROUP_DEADLINE_FIELDS) {
    const deadline = deadlines[field];
    if (deadline && firstDeparture && deadline.getTime() >= firstDeparture.getTime()) {
      issues.push({ path: [field], message: deadlineAfterDepartureMessage(field) });
    }
  }
  const { name_deadline: names, ticketing_deadline: tickets } = deadlines;
  if (names && tickets && names.getTime() > tickets.getTime()) {
    issues.push({ path: ['name_deadline'], message: NAME_AFTER_TICKETING_MESSAGE });
  }
  return issues;
}

function toInstant(value: string | null | undefined): Date | null {
  return value ? new Date(value) : null;
}

/** The first departure as an instant: the first leg's local date and time, read in Asia/Karachi (decision 030). */
export function getFirstDepartureInstant(date: string | undefined, time: string | undefined): Date | undefined {
  if (!date || !time) return undefined;
  return parseKarachiDateTime(`${date} ${time}`);
}

const MAX_LEGS = 4;

/** A per-leg array (`name[]`); a single value sent without `[]` counts as a one-entry array. */
function legArray<T extends z.ZodType>(label: string, item: T) {
  return z.preprocess(
    (value) => (value === undefined || Array.isArray(value) ? value : [value]),
    z
      .array(item, { error: required(label) })
      .min(1, { error: required(label) })
      .max(MAX_LEGS, { error: `The ${label} may not have more than ${MAX_LEGS} items.` }),
  );
}

/** Optional per-leg array (terminals): absent or shorter than the layout means no terminal. */
function optionalLegArray<T extends z.ZodType>(label: string, item: T) {
  return z.preprocess(
    (value) => (value === undefined || value === null ? [] : Array.isArray(value) ? value : [value]),
    z.array(item).max(MAX_LEGS, { error: `The ${label} may not have more than ${MAX_LEGS} items.` }),
  );
}

/** Upper bounds keep every number inside its column; no real group comes near them. */
export const GROUP_LIMITS = { seats: 10_000, price: 100_000_000, kilograms: 200 } as const;

const groupFields = {
  airline: idField('airline'),
  my_section_id: idField('my sector'),
  pnr: textField('pnr', 20)
    .transform((value) => value.toUpperCase())
    .refine((value) => /^[A-Z0-9-]+$/.test(value), { error: 'The pnr may only contain letters, numbers and dashes.' }),
  ticket_type: choiceField('ticket type', [1, 2] as const),
  direction: choiceField('direction', [1, 2] as const),
  meal: choiceField('meal', [1, 0] as const),
  tickets_wehave: integerField('tickets we have', { min: 1, max: GROUP_LIMITS.seats }),
  total_ticket: integerField('total ticket', { min: 1, max: GROUP_LIMITS.seats }),
  price: integerField('price', { min: 0, max: GROUP_LIMITS.price }),
  infant_price: integerField('infant price', { min: 0, max: GROUP_LIMITS.price }),
  departure_sector: legArray('departure sector', idField('departure sector')),
  departure_flight_number: legArray(
    'departure flight number',
    textField('departure flight number', 20).transform((value) => value.replace(/\s+/g, ' ').toUpperCase()),
  ),
  departure_baggage: legArray('departure baggage', integerField('departure baggage', { min: 0, max: GROUP_LIMITS.kilograms })),
  departure_handcarry: legArray(
    'departure handcarry',
    integerField('departure handcarry', { min: 0, max: GROUP_LIMITS.kilograms }),
  ),
  departure_airport_name: legArray('departure airport name', placeField('departure airport name')),
  departure_time: legArray('departure time', timeField('departure time')),
  departure_date: legArray('departure date', dateField('departure date')),
  departure_terminal: optionalLegArray('departure terminal', terminalField('departure terminal')),
  arivval_airport_name: legArray('arrival airport name', placeField('arrival airport name')),
  arivval_time: legArray('arrival time', timeField('arrival time')),
  arivval_date: legArray('arrival date', dateField('arrival date')),
  arivval_terminal: optionalLegArray('arrival terminal', terminalField('arrival terminal')),
  /** Ignored: the arrival baggage is always the departure baggage (001 §3). */
  arivval_baggage: z.unknown().optional(),
  /** Ignored: the group is added by the signed-in admin. */
  added_by: z.unknown().optional(),
  deposit_deadline: deadlineField('deposit_deadline'),
  name_deadline: deadlineField('name_deadline'),
  ticketing_deadline: deadlineField('ticketing_deadline'),
};

const REQUIRED_LEG_FIELDS = [
  ['departure_sector', 'departure sector'],
  ['departure_flight_number', 'departure flight number'],
  ['departure_baggage', 'departure baggage'],
  ['departure_handcarry', 'departure handcarry'],
  ['departure_airport_name', 'departure airport name'],
  ['departure_time', 'departure time'],
  ['departure_date', 'departure date'],
  ['arivval_airport_name', 'arrival airport name'],
  ['arivval_time', 'arrival time'],
  ['arivval_date', 'arrival date'],
] as const;

const OPTIONAL_LEG_FIELDS = [
  ['departure_terminal', 'departure terminal'],
  ['arivval_terminal', 'arrival terminal'],
] as const;

type GroupFieldsOutput = z.output<z.ZodObject<typeof groupFields>>;

/** 422 on `departure_date.0` (decision 004): Laravel's wording, like every other message of the form. */
export const DEPARTURE_PAST_MESSAGE = 'The departure date must be a date after or equal to today.';

/**
 * A first departure before today (Asia/Karachi, PRODUCT §3) is refused (decision 004, issue 21 §9): a new
 * group, or one whose first date moves. A group that has flown keeps its stored date, so it stays editable
 * (price, flight number, names of airports) and its status can still change (decision 024).
 */
export function isPastFirstDeparture({
  firstDeparture,
  today,
  storedFirstDeparture,
}: {
  firstDeparture: string;
  today: string;
  storedFirstDeparture?: string;
}): boolean {
  return firstDeparture !== '' && firstDeparture !== storedFirstDeparture && firstDeparture < today;
}

/** The dates and times of a group's legs, in trip order ('' where not given yet). */
type LegTimeField = 'departure_date' | 'departure_time' | 'arivval_date' | 'arivval_time';
export type LegSchedule = Record<LegTimeField, string[]>;

export type LegOrderIssue = { path: [LegTimeField, number]; message: string };

/**
 * Time order of the legs (our decisions, 004): within a leg the arrival is not before the departure; each leg
 * departs not before the previous leg arrives. Times are local at each airport, and consecutive legs meet at
 * one airport (A-1 lands where A-2 leaves), so that comparison is sound. Dates alone are compared while a time
 * is missing, so the form can say a return date is before the outbound as soon as the date is typed
 * (issue 21 §9); a leg without both dates is skipped. Dates `YYYY-MM-DD`, times `HH:mm`.
 */
export function findLegOrderIssues(legs: LegSchedule, labels: readonly string[]): LegOrderIssue[] {
  const issues: LegOrderIssue[] = [];
  const isBefore = (a: { date: string; time: string }, b: { date: string; time: string }) =>
    a.time && b.time ? `${a.date}T${a.time}` < `${b.date}T${b.time}` : a.date < b.date;
  let previous: { date: string; time: string } | undefined;
  labels.forEach((label, index) => {
    const departure = { date: legs.departure_date[index] ?? '', time: legs.departure_time[index] ?? '' };
    const arrival = { date: legs.arivval_date[index] ?? '', time: legs.arivval_time[index] ?? '' };
    if (departure.date && arrival.date && isBefore(arrival, departure)) {
      issues.push({
        path: [arrival.date === departure.date ? 'arivval_time' : 'arivval_date', index],
        message: `The arrival of trip ${label} may not be before its departure.`,
      });
    }
    if (departure.date && previous && isBefore(departure, previous)) {
      issues.push({
        path: [departure.date === previous.date ? 'departure_time' : 'departure_date', index],
        message: `Trip ${label} may not depart before trip ${labels[index - 1]} arrives.`,
      });
    }
    previous = arrival.date ? arrival : departure.date ? departure : previous;
  });
  return issues;
}

/**
 * Rules across fields (001 §2 layouts, PRODUCT §4, issue 3):
 * - every per-leg array has exactly as many entries as the layout has legs (terminals: at most);
 * - the legs' time order (findLegOrderIssues);
 * - the deadlines' order (findDeadlineIssues, PRODUCT §6).
 */
function checkGroupRules(body: GroupFieldsOutput, ctx: z.RefinementCtx): void {
  const deadlineIssues = findDeadlineIssues({
    deadlines: {
      deposit_deadline: toInstant(body.deposit_deadline),
      name_deadline: toInstant(body.name_deadline),
      ticketing_deadline: toInstant(body.ticketing_deadline),
    },
    firstDeparture: getFirstDepartureInstant(body.departure_date?.[0], body.departure_time?.[0]),
  });
  for (const issue of deadlineIssues) ctx.addIssue({ code: 'custom', ...issue });
  if (typeof body.total_ticket === 'number' && typeof body.tickets_wehave === 'number' && body.total_ticket > body.tickets_wehave) {
    ctx.addIssue({ code: 'custom', path: ['total_ticket'], message: 'The total ticket may not be greater than tickets we have.' });
  }
  if ((body.ticket_type !== 1 && body.ticket_type !== 2) || (body.direction !== 1 && body.direction !== 2)) return;
  const count = getGroupLegCount(body.ticket_type, body.direction);
  const layout = getGroupLayoutName(body.ticket_type, body.direction);
  const legWord = count === 1 ? 'leg' : 'legs';
  let countsOk = true;
  for (const [field, label] of REQUIRED_LEG_FIELDS) {
    const values = body[field] as unknown[] | undefined;
    if (Array.isArray(values) && values.length !== count) {
      countsOk = false;
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `The ${label} must contain ${count} ${count === 1 ? 'item' : 'items'}: a ${layout} group has ${count} ${legWord}.`,
      });
    }
  }
  for (const [field, label] of OPTIONAL_LEG_FIELDS) {
    const values = body[field] as unknown[] | undefined;
    if (Array.isArray(values) && values.length > count) {
      countsOk = false;
      ctx.addIssue({
        code: 'custom',
        path: [field],
        message: `The ${label} may not have more than ${count} ${count === 1 ? 'item' : 'items'}: a ${layout} group has ${count} ${legWord}.`,
      });
    }
  }
  if (!countsOk) return;
  const issues = findLegOrderIssues(
    {
      departure_date: body.departure_date ?? [],
      departure_time: body.departure_time ?? [],
      arivval_date: body.arivval_date ?? [],
      arivval_time: body.arivval_time ?? [],
    },
    getGroupTripLabels(body.ticket_type, body.direction),
  );
  for (const issue of issues) ctx.addIssue({ code: 'custom', ...issue });
}

/** POST /add-group body (multipart `name[]` arrays or JSON arrays). */
export const addGroupBodySchema = z.object(groupFields).superRefine(checkGroupRules);
export type AddGroupBody = z.output<typeof addGroupBodySchema>;
export type AddGroupInput = z.input<typeof addGroupBodySchema>;

/** POST /update-group body: the same fields plus group_id. ticket_type and direction must equal the stored ones. */
export const updateGroupBodySchema = z
  .object({ ...groupFields, group_id: idField('group id') })
  .superRefine(checkGroupRules);
export type UpdateGroupBody = z.output<typeof updateGroupBodySchema>;
export type UpdateGroupInput = z.input<typeof updateGroupBodySchema>;

export const updateGroupStatusBodySchema = z.object({
  group_id: idField('group id'),
  /** 1 closes the group (Close Group), 0 reopens it (Active Group). */
  close_status: choiceField('close status', [0, 1] as const),
});
export type UpdateGroupStatusBody = z.output<typeof updateGroupStatusBodySchema>;
