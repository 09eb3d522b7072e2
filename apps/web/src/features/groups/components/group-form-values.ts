import { zodResolver } from '@hookform/resolvers/zod';
import {
  addGroupBodySchema,
  DEPARTURE_PAST_MESSAGE,
  findDeadlineIssues,
  findLegOrderIssues,
  getFirstDepartureInstant,
  GROUP_DEADLINE_FIELDS,
  GROUP_DEADLINE_LABELS,
  parseKarachiDateTime,
  type GroupDeadlineField,
  getGroupLegCount,
  getGroupTripLabels,
  isPastFirstDeparture,
  updateGroupBodySchema,
  type AddGroupBody,
  type Direction,
  type Group,
  type TicketType,
  type UpdateGroupBody,
} from '@portal/contract/groups';
import { get, set, type FieldErrors, type Path, type Resolver } from 'react-hook-form';
import { todayInKarachi, toKarachi } from '@/lib/format';

/** The per-leg arrays of the contract (001 §3), `arivval` spelling included. */
export const LEG_FIELDS = [
  'departure_sector',
  'departure_flight_number',
  'departure_baggage',
  'departure_handcarry',
  'departure_airport_name',
  'departure_time',
  'departure_date',
  'departure_terminal',
  'arivval_airport_name',
  'arivval_time',
  'arivval_date',
  'arivval_terminal',
] as const;
export type LegField = (typeof LEG_FIELDS)[number];

const HEADER_FIELDS = [
  'airline',
  'my_section_id',
  'pnr',
  'ticket_type',
  'direction',
  'meal',
  'tickets_wehave',
  'total_ticket',
  'price',
  'infant_price',
] as const;

/** Each deadline (PRODUCT §6) is typed as a date and a time in Pakistan time, sent as one 'YYYY-MM-DD HH:mm'. */
export type DeadlinePartField = `${GroupDeadlineField}_${'date' | 'time'}`;
export const DEADLINE_PART_FIELDS = GROUP_DEADLINE_FIELDS.flatMap((field) => [`${field}_date`, `${field}_time`] as const);

/**
 * The form holds the contract's own flat shape (arrays indexed by trip 0-3), so the contract schema
 * validates it and a server key such as `departure_flight_number.1` is already a form path.
 * Every array keeps 4 entries; switching layout hides legs without losing what was typed.
 */
export type GroupFormValues = {
  airline: string;
  my_section_id: string;
  pnr: string;
  ticket_type: '1' | '2';
  direction: '1' | '2';
  meal: '' | '1' | '0';
  tickets_wehave: number | string;
  total_ticket: number | string;
  price: number | string;
  infant_price: number | string;
} & Record<LegField, (number | string)[]> &
  Record<DeadlinePartField, string>;

export type GroupFormOutput = AddGroupBody | UpdateGroupBody;

const MAX_LEGS = 4;

export function legCountOf(values: Pick<GroupFormValues, 'ticket_type' | 'direction'>): 1 | 2 | 4 {
  return getGroupLegCount(Number(values.ticket_type) as TicketType, Number(values.direction) as Direction);
}

export function emptyGroupValues(): GroupFormValues {
  const legs = Object.fromEntries(LEG_FIELDS.map((field) => [field, Array<string>(MAX_LEGS).fill('')])) as Record<
    LegField,
    string[]
  >;
  return {
    airline: '',
    my_section_id: '',
    pnr: '',
    ticket_type: '1',
    direction: '1',
    meal: '',
    tickets_wehave: '',
    total_ticket: '',
    price: '',
    infant_price: '',
    ...legs,
    ...(Object.fromEntries(DEADLINE_PART_FIELDS.map((field) => [field, ''])) as Record<DeadlinePartField, string>),
  };
}

/** The edit form's start: the stored group, legs in trip order. */
export function groupToValues(group: Group): GroupFormValues {
  const values = emptyGroupValues();
  const legs = [...group.subpart].sort((a, b) => a.position - b.position);
  legs.forEach((leg, index) => {
    for (const field of LEG_FIELDS) {
      const value = field === 'departure_sector' ? String(leg.departure_sector) : leg[field];
      values[field][index] = value ?? '';
    }
  });
  return {
    ...values,
    airline: String(group.airline),
    my_section_id: String(group.my_section_id),
    pnr: group.pnr,
    ticket_type: String(group.ticket_type) as '1' | '2',
    direction: String(group.direction) as '1' | '2',
    meal: String(group.meal) as '1' | '0',
    tickets_wehave: group.tickets_wehave,
    total_ticket: group.total_ticket,
    price: group.price,
    infant_price: group.infant_price,
    ...deadlineParts(group),
  };
}

/** A stored deadline (an instant) as the date and time it reads in Pakistan. */
function deadlineParts(group: Group): Record<DeadlinePartField, string> {
  const parts = {} as Record<DeadlinePartField, string>;
  for (const field of GROUP_DEADLINE_FIELDS) {
    const value = group[field];
    parts[`${field}_date`] = value ? toKarachi(value).format('YYYY-MM-DD') : '';
    parts[`${field}_time`] = value ? toKarachi(value).format('HH:mm') : '';
  }
  return parts;
}

/** The deadline as sent: 'YYYY-MM-DD HH:mm' read in Asia/Karachi by the server, '' when none. */
function deadlineText(values: GroupFormValues, field: GroupDeadlineField): string {
  const date = values[`${field}_date`];
  const time = values[`${field}_time`];
  return date && time ? `${date} ${time}` : '';
}

/** What is sent: the legs of the chosen layout only. */
export function toBodyInput(values: GroupFormValues): Record<string, unknown> {
  const count = legCountOf(values);
  const legs = Object.fromEntries(LEG_FIELDS.map((field) => [field, values[field].slice(0, count)]));
  const header = Object.fromEntries(Object.entries(values).filter(([key]) => !(DEADLINE_PART_FIELDS as readonly string[]).includes(key)));
  const deadlines = Object.fromEntries(GROUP_DEADLINE_FIELDS.map((field) => [field, deadlineText(values, field)]));
  return { ...header, ...legs, ...deadlines };
}

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;
const TIME = /^\d{2}:\d{2}$/;

/**
 * The date rules the form shows as soon as a date is typed or left (issue 21 §9), not only once every other
 * field is valid (the schema's own cross-field rules wait for that): a past first departure, and legs out of
 * time order. The same contract functions and messages as the server's (decisions 004, 024).
 */
export function findDateIssues(
  values: GroupFormValues,
  { today, storedFirstDeparture }: { today: string; storedFirstDeparture?: string },
): { path: Path<GroupFormValues>; message: string }[] {
  const issues: { path: Path<GroupFormValues>; message: string }[] = [];
  const firstDeparture = String(values.departure_date[0] ?? '');
  if (ISO_DATE.test(firstDeparture) && isPastFirstDeparture({ firstDeparture, today, storedFirstDeparture })) {
    issues.push({ path: 'departure_date.0', message: DEPARTURE_PAST_MESSAGE });
  }
  const count = legCountOf(values);
  const only = (field: LegField, pattern: RegExp) =>
    values[field].slice(0, count).map((value) => (pattern.test(String(value)) ? String(value) : ''));
  const legs = {
    departure_date: only('departure_date', ISO_DATE),
    departure_time: only('departure_time', TIME),
    arivval_date: only('arivval_date', ISO_DATE),
    arivval_time: only('arivval_time', TIME),
  };
  const labels = getGroupTripLabels(Number(values.ticket_type) as TicketType, Number(values.direction) as Direction);
  for (const issue of findLegOrderIssues(legs, labels)) {
    issues.push({ path: `${issue.path[0]}.${issue.path[1]}` as Path<GroupFormValues>, message: issue.message });
  }
  issues.push(...findDeadlineFormIssues(values));
  return issues;
}

/**
 * The deadlines as typed (PRODUCT §6): a date needs its time and a time its date; then the contract's order rules
 * (findDeadlineIssues: before the first departure, names not after ticketing), said under the deadline's date.
 */
export function findDeadlineFormIssues(values: GroupFormValues): { path: Path<GroupFormValues>; message: string }[] {
  const issues: { path: Path<GroupFormValues>; message: string }[] = [];
  const deadlines: Partial<Record<GroupDeadlineField, Date | null>> = {};
  for (const field of GROUP_DEADLINE_FIELDS) {
    const date = values[`${field}_date`];
    const time = values[`${field}_time`];
    const label = GROUP_DEADLINE_LABELS[field];
    if (date && !time) issues.push({ path: `${field}_time`, message: `The ${label} needs a time.` });
    if (time && !date) issues.push({ path: `${field}_date`, message: `The ${label} needs a date.` });
    deadlines[field] = date && time ? (parseKarachiDateTime(`${date} ${time}`) ?? null) : null;
  }
  const firstDeparture = getFirstDepartureInstant(
    ISO_DATE.test(String(values.departure_date[0] ?? '')) ? String(values.departure_date[0]) : undefined,
    TIME.test(String(values.departure_time[0] ?? '')) ? String(values.departure_time[0]) : undefined,
  );
  for (const issue of findDeadlineIssues({ deadlines, firstDeparture })) {
    issues.push({ path: `${issue.path[0]}_date`, message: issue.message });
  }
  return issues;
}

/**
 * The contract's add or update schema, run on the legs of the chosen layout, plus the date rules of
 * findDateIssues. Editing, `storedFirstDeparture` is the group's saved first date: keeping it is allowed.
 */
export function createGroupResolver({
  groupId,
  storedFirstDeparture,
}: { groupId?: number; storedFirstDeparture?: string } = {}): Resolver<GroupFormValues, unknown, GroupFormOutput> {
  const resolve = (groupId ? zodResolver(updateGroupBodySchema) : zodResolver(addGroupBodySchema)) as unknown as Resolver<
    Record<string, unknown>,
    unknown,
    GroupFormOutput
  >;
  return async (values, context, options) => {
    const body = { ...toBodyInput(values), ...(groupId ? { group_id: groupId } : {}) };
    const result = await resolve(body, context, options as never);
    const errors = { ...(result.errors as FieldErrors<GroupFormValues>) } as Record<string, unknown>;
    // The contract names a deadline as one field; the form shows it under the deadline's date.
    for (const field of GROUP_DEADLINE_FIELDS) {
      if (errors[field]) {
        errors[`${field}_date`] ??= errors[field];
        delete errors[field];
      }
    }
    for (const issue of findDateIssues(values, { today: todayInKarachi(), storedFirstDeparture })) {
      if (!get(errors, issue.path)) set(errors, issue.path, { type: 'custom', message: issue.message });
    }
    if (Object.keys(errors).length === 0) return result as Awaited<ReturnType<Resolver<GroupFormValues, unknown, GroupFormOutput>>>;
    return { values: {}, errors: errors as FieldErrors<GroupFormValues> };
  };
}

/**
 * The trip dates in time order: A-1 departure, A-1 arrival, A-2 departure, ... (001 §2 trip layouts).
 * Each one's default is the one before it and it may not be earlier (issue 21 §9, decision 024).
 */
export function getDateChain(count: 1 | 2 | 4): `${'departure_date' | 'arivval_date'}.${number}`[] {
  return Array.from({ length: count }, (_, index) => [`departure_date.${index}`, `arivval_date.${index}`] as const).flat();
}

/** A 422 key onto the form: `departure_flight_number.1` as is, a bare leg field onto trip A-1. */
export function toGroupField(key: string): Path<GroupFormValues> | undefined {
  const [head, index] = key.split('.');
  if ((GROUP_DEADLINE_FIELDS as readonly string[]).includes(head ?? '')) return `${head as GroupDeadlineField}_date`;
  if ((HEADER_FIELDS as readonly string[]).includes(head ?? '')) return head as Path<GroupFormValues>;
  if ((LEG_FIELDS as readonly string[]).includes(head ?? '')) {
    const position = index !== undefined && /^\d+$/.test(index) ? Number(index) : 0;
    return `${head}.${position}` as Path<GroupFormValues>;
  }
  return undefined;
}

/**
 * Baggage and hand carry typed for a first trip are copied to its paired trip (001 §2). Our pairing,
 * by leg index: the connecting leg of a via trip carries the same allowance (A-1→A-2, B-1→B-2), and a
 * group fare has one allowance for the whole journey, so the return starts from the outbound's
 * (A-1→B-1, in round-trip direct and round-trip via alike). Copies cascade (A-1→B-1→B-2) and stop at
 * a trip the user has typed into.
 */
export function getPairSources(count: 1 | 2 | 4): (number | null)[] {
  if (count === 1) return [null];
  if (count === 2) return [null, 0];
  return [null, 0, 0, 2];
}

export const COPIED_LEG_FIELDS = ['departure_baggage', 'departure_handcarry'] as const;
export type CopiedLegField = (typeof COPIED_LEG_FIELDS)[number];
