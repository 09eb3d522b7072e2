import { z } from 'zod';
import { defineRoute, errorResponses } from './common.js';

/**
 * The admin dashboard's Deadlines list (PRODUCT §6 "Group deadlines, names later, ticketing"; decision 030).
 *
 * `GET /api/dashboard-deadlines` (admins): every deposit, name and ticketing deadline of an open, live group that
 * falls from now up to {@link DEADLINE_WINDOW_DAYS} days ahead, soonest first, each with what is still missing:
 * - `missing_names`: passengers of the group's live bookings (not cancelled, hold not run out) still without a name;
 * - `tickets_missing`: passengers of its confirmed live bookings without an e-ticket number;
 * - `amount_due` / `bookings_due`: what its confirmed live bookings still owe (remaining amounts) and how many
 *   owe something (the deposit the wholesaler pays the airline is collected from them).
 * A list of its own rather than a part of dashboardsummary, so it can be refreshed on its own.
 */

export const DEADLINE_WINDOW_DAYS = 14;
export const DEADLINE_KINDS = ['deposit', 'name', 'ticketing'] as const;
export type DeadlineKind = (typeof DEADLINE_KINDS)[number];

export const DEADLINE_KIND_LABELS: Record<DeadlineKind, string> = {
  deposit: 'Deposit',
  name: 'Names',
  ticketing: 'Ticketing',
};

export const DEADLINES_TEXTS = {
  title: 'Deadlines',
  empty: `No deadlines in the next ${DEADLINE_WINDOW_DAYS} days`,
  nothingMissing: 'Nothing missing',
} as const;

export const deadlineRowSchema = z.object({
  /** Stable React key: '{kind}-{group_id}'. */
  key: z.string(),
  group_id: z.number().int(),
  pnr: z.string(),
  airline_name: z.string(),
  kind: z.enum(DEADLINE_KINDS),
  /** ISO 8601 instant (shown in Asia/Karachi). */
  deadline: z.string(),
  missing_names: z.number().int(),
  tickets_missing: z.number().int(),
  amount_due: z.number().int(),
  bookings_due: z.number().int(),
});
export type DeadlineRow = z.infer<typeof deadlineRowSchema>;

export const deadlinesResponseSchema = z.object({ data: z.array(deadlineRowSchema) });
export type DeadlinesResponse = z.infer<typeof deadlinesResponseSchema>;

const AMOUNT = new Intl.NumberFormat('en-US', { maximumFractionDigits: 0 });

function plural(count: number, word: string): string {
  return `${count} ${word}${count === 1 ? '' : 's'}`;
}

/** '2 names missing': a booking's or a deadline's passengers still without a name (names later, PRODUCT §6). */
export function missingNamesText(count: number): string {
  return `${plural(count, 'name')} missing`;
}

/**
 * What a deadline still waits for, in words ('2 names missing', 'PKR 90,000 due on 1 booking', '3 tickets not
 * issued'): names count for every kind before ticketing, tickets for ticketing, money for the deposit.
 */
export function describeDeadlineMissing(row: Pick<DeadlineRow, 'kind' | 'missing_names' | 'tickets_missing' | 'amount_due' | 'bookings_due'>): string[] {
  const missing: string[] = [];
  if (row.missing_names > 0) missing.push(missingNamesText(row.missing_names));
  if (row.kind === 'deposit' && row.amount_due > 0) missing.push(`PKR ${AMOUNT.format(row.amount_due)} due on ${plural(row.bookings_due, 'booking')}`);
  if (row.kind === 'ticketing' && row.tickets_missing > 0) missing.push(`${plural(row.tickets_missing, 'ticket')} not issued`);
  return missing;
}

/** Time left until `deadline` from `now`, to the minute: '3d 4h', '5h 20m', '12m', or 'now' once passed. */
export function formatTimeLeft(deadline: Date, now: Date): string {
  const minutes = Math.floor((deadline.getTime() - now.getTime()) / 60_000);
  if (minutes <= 0) return 'now';
  const days = Math.floor(minutes / 1440);
  const hours = Math.floor((minutes % 1440) / 60);
  const rest = minutes % 60;
  if (days > 0) return `${days}d ${hours}h`;
  if (hours > 0) return `${hours}h ${rest}m`;
  return `${rest}m`;
}

export const dashboardDeadlinesRoute = defineRoute({
  method: 'GET',
  path: '/dashboard-deadlines',
  summary: `Deposit, name and ticketing deadlines of open groups in the next ${DEADLINE_WINDOW_DAYS} days, soonest first, with what is still missing`,
  tags: ['dashboard'],
  access: 'admin',
  response: { 200: deadlinesResponseSchema, ...errorResponses },
});
