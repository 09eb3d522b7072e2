import { accountReportRoute } from '@portal/contract/ledger';
import {
  agentBookingDetailRoute,
  agentListOfBookingsRoute,
  bookingDetailRoute,
  bookingEditDetailRoute,
  bookingUpdateRoute,
  cancelBookingRoute,
  confirmBookingRoute,
  listOfBookingsRoute,
  unpaidBookingsRoute,
} from '@portal/contract/booking-lifecycle';
import { loginRoute } from '@portal/contract/auth';
import { addBookingRoute } from '@portal/contract/bookings';
import { dashboardSummaryRoute } from '@portal/contract/dashboard';
import { receivablesByAgeRoute, salesReceiptsRoute, seatsBySectorRoute } from '@portal/contract/insights';
import { listNotificationsRoute, markNotificationsReadRoute, unreadNotificationsCountRoute } from '@portal/contract/notifications';
import { addPaymentRoute } from '@portal/contract/payments';
import { availableSectorRoute, pnrRespectToMySectorRoute, pnrRespectToMySectorUserRoute, searchFlightsRoute } from '@portal/contract/tickets';
import { eq, sql } from 'drizzle-orm';
import type { FastifyRequest } from 'fastify';
import type { Executor } from '../db/database.js';
import { preparedStatement } from '../lib/prepared.js';
import { bookings } from '../modules/bookings/bookings.table.js';

/**
 * What a change touched, and what a cached read depends on (decision 040). A scope is a string:
 *  - `bookings`: any booking, its passengers, payments, charges or ledger entries (what the admins' lists,
 *    dashboard and insights count);
 *  - `agent:<user id>`: the same, of one agent's bookings (its own lists, ledger and booking details);
 *  - `group:<group id>`: the seats sold on one group (what its ticket card shows);
 *  - `notifications:<user id>`: one user's stored notifications;
 *  - `ledger:<user id>`: one agent's ledger rows (what its account-api answer lists), and `ledgers`: any agent's
 *    (decision 044). A booking write announces them only when it posted a ledger row: a hold, a hold's cancel and
 *    a passenger edit leave every ledger as it was.
 * A change of unknown reach is a change of everything (`null`), and a read this file does not list depends on
 * every change, scoped or not: a route missing here costs cache misses, never a stale answer.
 */
export type ChangeScopes = readonly string[] | null;

export const BOOKINGS_SCOPE = 'bookings';
export const agentScope = (userId: number) => `agent:${userId}`;
export const groupScope = (groupId: number) => `group:${groupId}`;
export const notificationsScope = (userId: number) => `notifications:${userId}`;
export const LEDGERS_SCOPE = 'ledgers';
export const ledgerScope = (userId: number) => `ledger:${userId}`;
/** A read that depends on the seats of whichever groups its answer shows (it names them with addReadScopes). */
export const ANY_GROUP_SCOPE = 'group:*';
/**
 * A sign-in that ended no earlier session (decision 057): it added a session and may have cleared the account's
 * failed sign-ins. No scoped read shows either, so it drops only the reads that depend on every change (the agents
 * list shows a lock); the session cache, the ticket board and the agents' bookings and ledgers stay.
 */
export const SIGN_IN_SCOPE = 'sign-in';

/** Whether a change of `changed` may alter an answer that depends on `depends`. */
export function touches(changed: readonly string[], depends: ReadonlySet<string>): boolean {
  for (const scope of changed) {
    if (depends.has(scope)) return true;
    if (depends.has(ANY_GROUP_SCOPE) && scope.startsWith('group:')) return true;
  }
  return false;
}

const api = (route: { path: string }) => `/api${route.path}`;

/**
 * Reads whose answer is the same for every signed-in caller (their handlers read no user): one entry serves them
 * all. They show offered groups (which no booking write opens, closes or moves) and each group's sold seats.
 */
const SHARED_TICKET_READS = new Set([availableSectorRoute, searchFlightsRoute, pnrRespectToMySectorRoute, pnrRespectToMySectorUserRoute].map(api));

/** A caller's own booking data: an agent's own bookings, any agent's for an administrator. */
const BOOKING_READS = new Set([agentListOfBookingsRoute, unpaidBookingsRoute, bookingDetailRoute, agentBookingDetailRoute, bookingEditDetailRoute].map(api));

/** account-api: an agent's own ledger; an administrator's report of any agent depends on every ledger. */
const LEDGER_READ = api(accountReportRoute);

/** Administrators' counts over every booking. */
const ADMIN_BOOKING_READS = new Set([listOfBookingsRoute, dashboardSummaryRoute, salesReceiptsRoute, seatsBySectorRoute, receivablesByAgeRoute].map(api));

const NOTIFICATION_READS = new Set([listNotificationsRoute, unreadNotificationsCountRoute].map(api));

export interface ReadScopes {
  /** One answer for every signed-in caller (and one for visitors), not one per caller. */
  shared: boolean;
  /** The scopes whose change drops the answer (besides a change of everything); null: every change does. */
  depends: ReadonlySet<string> | null;
  /** How long the answer is kept while nothing it depends on changes; the read cache's time to live without. */
  keepMs?: number;
}

/**
 * account-api: a ledger shows no time-based figure and every change to it is announced (a posting write with its
 * ledger scope, anything else as a change of everything), so it is kept for a minute, not 5 s (decision 044).
 */
export const LEDGER_KEEP_MS = 60_000;

const EVERYTHING: ReadScopes = { shared: false, depends: null };

/** What a cached read depends on, by its route and caller. */
export function readScopesOf(request: FastifyRequest, url: string): ReadScopes {
  if (SHARED_TICKET_READS.has(url)) return { shared: true, depends: new Set([ANY_GROUP_SCOPE]) };
  const user = request.user;
  if (!user) return EVERYTHING;
  if (NOTIFICATION_READS.has(url)) return { shared: false, depends: new Set([notificationsScope(user.id)]) };
  if (url === LEDGER_READ) return { shared: false, depends: new Set([user.role === 'admin' ? LEDGERS_SCOPE : ledgerScope(user.id)]), keepMs: LEDGER_KEEP_MS };
  if (BOOKING_READS.has(url)) return { shared: false, depends: new Set([user.role === 'admin' ? BOOKINGS_SCOPE : agentScope(user.id)]) };
  if (ADMIN_BOOKING_READS.has(url) && user.role === 'admin') return { shared: false, depends: new Set([BOOKINGS_SCOPE]) };
  return EVERYTHING;
}

/** Writes that change one booking (and what hangs on it): where each finds the booking's id. */
const BOOKING_WRITES = new Map<string, (request: FastifyRequest, payload: unknown) => unknown>([
  [api(addBookingRoute), (_request, payload) => answerDataId(payload)],
  [api(cancelBookingRoute), (request) => (request.params as { id?: unknown } | undefined)?.id],
  [api(bookingUpdateRoute), (request) => (request.body as { booking_id?: unknown } | undefined)?.booking_id],
  [api(confirmBookingRoute), (request) => (request.body as { booking_id?: unknown } | undefined)?.booking_id],
  [api(addPaymentRoute), (request) => (request.body as { booking_id?: unknown } | undefined)?.booking_id],
]);

/**
 * Whether a booking write posted ledger rows, from its booking as it stands after the commit (PRODUCT §4 "Payments
 * and ledger"): add-booking charges a booking made confirmed (an admin's), not a hold; cancelbooking reverses a
 * confirmed booking's charge (it stays confirmed), not a hold's; confirmbooking charges; update-booking-payment
 * posts the payment; booking-update changes passengers only. A write missing here counts as posting. `confirmed`
 * read later than the write can only be true where the write saw false (a confirm meanwhile): a drop too many.
 */
const POSTS_LEDGER_ROWS = new Map<string, (booking: { confirmed: boolean }) => boolean>([
  [api(addBookingRoute), (booking) => booking.confirmed],
  [api(cancelBookingRoute), (booking) => booking.confirmed],
  [api(bookingUpdateRoute), () => false],
  [api(confirmBookingRoute), () => true],
  [api(addPaymentRoute), () => true],
]);

/** The booking a write changed, read after its commit (its agent and group never change); undefined without one. */
async function readWrittenBooking(db: Executor, id: unknown): Promise<WrittenBooking | undefined> {
  const bookingId = Number(id);
  if (!Number.isSafeInteger(bookingId) || bookingId <= 0) return undefined;
  const query = preparedStatement(db, 'written_booking', (on) =>
    on
      .select({ agentUserId: bookings.agentUserId, groupId: bookings.groupId, confirmed: bookings.confirmed })
      .from(bookings)
      .where(eq(bookings.id, sql.placeholder('bookingId')))
      .limit(1)
      .prepare('written_booking'),
  );
  const [booking] = await query.execute({ bookingId });
  return booking;
}

/** add-booking answers `{ data: { id } }`: the new booking. */
function answerDataId(payload: unknown): unknown {
  if (typeof payload !== 'string') return undefined;
  try {
    return (JSON.parse(payload) as { data?: { id?: unknown } }).data?.id;
  } catch {
    return undefined;
  }
}

/** A booking write's booking as the write left it: its agent (null: a walk-in), its group, whether it is confirmed. */
export interface WrittenBooking {
  agentUserId: number | null;
  groupId: number;
  confirmed: boolean;
}

const writtenBookings = new WeakMap<FastifyRequest, WrittenBooking>();
const plainSignIns = new WeakSet<FastifyRequest>();

/** login says it signed in without ending the user's other sessions (a temporary password's sign-in ends them). */
export function notePlainSignIn(request: FastifyRequest): void {
  plainSignIns.add(request);
}

/**
 * A booking write that knows its booking says so (add-booking: the booking it inserted; cancelbooking: the row it
 * locked), so writeScopesOf needs neither the answer's JSON nor a read of the booking after the commit (one statement
 * less a write, decisions 055 and 070).
 */
export function noteWrittenBooking(request: FastifyRequest, booking: WrittenBooking): void {
  writtenBookings.set(request, booking);
}

/**
 * What a successful write changed. A booking write changes that booking's agent's data, its group's seats and the
 * admins' counts, and that agent's ledger when it posted to it; marking notifications read changes the caller's notifications; anything else, everything.
 * The booking is read after the write committed (its agent and group never change).
 */
export async function writeScopesOf({ db, request, url, payload }: { db: Executor; request: FastifyRequest; url: string | undefined; payload: unknown }): Promise<ChangeScopes> {
  if (url === undefined) return null;
  if (url === api(markNotificationsReadRoute) && request.user) return [notificationsScope(request.user.id)];
  if (url === api(loginRoute) && plainSignIns.has(request)) return [SIGN_IN_SCOPE];
  const bookingIdOf = BOOKING_WRITES.get(url);
  if (!bookingIdOf) return null;
  const booking = writtenBookings.get(request) ?? (await readWrittenBooking(db, bookingIdOf(request, payload)));
  if (!booking) return null;
  return bookingScopes(booking, POSTS_LEDGER_ROWS.get(url)?.(booking) ?? true);
}

/** What a change to one booking changed: the admins' counts, its group's seats, its agent's data and, when it posted, ledgers. */
function bookingScopes(booking: Pick<WrittenBooking, 'agentUserId' | 'groupId'>, posted: boolean): string[] {
  const scopes = [BOOKINGS_SCOPE, groupScope(booking.groupId)];
  if (booking.agentUserId === null) return scopes;
  scopes.push(agentScope(booking.agentUserId));
  if (posted) scopes.push(ledgerScope(booking.agentUserId), LEDGERS_SCOPE);
  return scopes;
}

/**
 * What the hold sweeper's cancellations changed (decision 057): each hold's group seats and agent's bookings, and the
 * admins' counts. A hold was never charged, so no ledger moves (PRODUCT §4: only a confirmed booking posts).
 */
export function expiredHoldScopes(holds: ReadonlyArray<Pick<WrittenBooking, 'agentUserId' | 'groupId'>>): string[] {
  return [...new Set(holds.flatMap((hold) => bookingScopes(hold, false)))];
}
