import { and, asc, eq, exists, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { notifySafely, type Notifier } from '../notifications/notifier.js';
import type { Database, Executor } from '../../db/database.js';
import { groups } from '../groups/groups.table.js';
import { startPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.js';
import { bookingPassengers, bookings, missingNamesCount } from './bookings.table.js';

/**
 * The name deadline (PRODUCT §6 "Names later", decision 030): once a group's name deadline has passed, its bookings
 * that still miss names are dealt with, once: holds (unconfirmed) are cancelled, so their seats return (sold is
 * derived from the bookings not cancelled), and their agents are told; confirmed ones are reported to the admins,
 * who chase the names (a charged booking is not cancelled behind the wholesaler's back).
 *
 * Once: each group is handled in one transaction that locks its row (FOR UPDATE SKIP LOCKED: another process takes
 * another group or none) and stamps name_deadline_done_at, so a re-run, a restart or a second process finds nothing
 * left to do. add-booking and booking-update lock the same group row first, so a booking cannot gain or fill names
 * half-way through. Moving the name deadline clears the stamp (update-group).
 */

export interface NameDeadlineOutcome {
  groupId: number;
  pnr: string;
  /** Holds cancelled for missing names. */
  cancelled: number[];
  /** Confirmed bookings still missing names, with how many each. */
  confirmedMissing: Array<{ bookingId: number; missing: number }>;
}

/** Handles one due group (locked), or answers undefined when none is left. */
async function handleNextGroup({ db, now }: { db: Executor; now: Date }): Promise<NameDeadlineOutcome | undefined> {
  const [group] = await db
    .select({ id: groups.id, pnr: groups.pnr })
    .from(groups)
    .where(and(isNull(groups.deletedAt), isNull(groups.nameDeadlineDoneAt), lte(groups.nameDeadline, now)))
    .orderBy(asc(groups.nameDeadline), asc(groups.id))
    .limit(1)
    .for('update', { skipLocked: true });
  if (!group) return undefined;

  const missing = await db
    .select({ id: bookings.id, confirmed: bookings.confirmed, missing: missingNamesCount })
    .from(bookings)
    .where(
      and(
        eq(bookings.groupId, group.id),
        eq(bookings.cancelStatus, false),
        exists(
          db
            .select({ one: sql`1` })
            .from(bookingPassengers)
            .where(and(eq(bookingPassengers.bookingId, bookings.id), isNull(bookingPassengers.firstname))),
        ),
      ),
    )
    .orderBy(asc(bookings.id))
    .for('update');
  const holds = missing.filter((row) => !row.confirmed).map((row) => row.id);
  const cancelled =
    holds.length === 0
      ? []
      : await db
          .update(bookings)
          .set({ cancelStatus: true, cancelledAt: now, cancelledBy: null, updatedAt: now })
          .where(and(inArray(bookings.id, holds), eq(bookings.confirmed, false), eq(bookings.cancelStatus, false)))
          .returning({ id: bookings.id });
  // The stamp keeps updated_at: the group's fare and schedule did not change (add-booking compares it, 409 stale).
  await db
    .update(groups)
    .set({ nameDeadlineDoneAt: now, updatedAt: sql`${groups.updatedAt}` })
    .where(eq(groups.id, group.id));
  return {
    groupId: group.id,
    pnr: group.pnr,
    cancelled: cancelled.map((row) => row.id).sort((a, b) => a - b),
    confirmedMissing: missing.filter((row) => row.confirmed).map((row) => ({ bookingId: row.id, missing: row.missing })),
  };
}

/** Every group whose name deadline passed and is not handled yet, one transaction each; the outcomes in order. */
export async function runNameDeadlines({ db, now = new Date() }: { db: Database; now?: Date }): Promise<NameDeadlineOutcome[]> {
  const outcomes: NameDeadlineOutcome[] = [];
  for (;;) {
    const outcome = await db.transaction((tx) => handleNextGroup({ db: tx, now }));
    if (!outcome) return outcomes;
    outcomes.push(outcome);
  }
}

/** How often the job looks for passed name deadlines unless told otherwise. */
export const NAME_DEADLINE_INTERVAL_MS = 60_000;
/** Its row in scheduled_jobs (decision 033). */
export const NAME_DEADLINE_JOB = 'name-deadline';

/** One run, logged, its outcomes reported after they committed; a failure is logged, not thrown. */
export async function runNameDeadlinesAndReport({
  db,
  logger,
  now = () => new Date(),
  onHandled,
}: {
  db: Database;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
  now?: () => Date;
  onHandled?: (outcomes: NameDeadlineOutcome[]) => Promise<void>;
}): Promise<void> {
  try {
    const outcomes = await runNameDeadlines({ db, now: now() });
    if (outcomes.length > 0) {
      logger.info({ outcomes }, 'name deadlines handled');
      await onHandled?.(outcomes);
    }
  } catch (error) {
    logger.error({ err: error }, 'name deadline run failed');
  }
}

/**
 * Runs runNameDeadlines about every `intervalMs`, once across the server processes (startPeriodicJob, decision 033).
 * `now` is the clock (tests pass their own).
 */
export function startNameDeadlineJob({
  db,
  logger,
  intervalMs = NAME_DEADLINE_INTERVAL_MS,
  now = () => new Date(),
  onHandled,
}: {
  db: Database;
  logger: FastifyBaseLogger;
  intervalMs?: number;
  now?: () => Date;
  onHandled?: (outcomes: NameDeadlineOutcome[]) => Promise<void>;
}): PeriodicJob {
  return startPeriodicJob({
    db,
    name: NAME_DEADLINE_JOB,
    intervalMs,
    logger,
    now,
    run: () => runNameDeadlinesAndReport({ db, logger, now, onHandled }),
  });
}

/**
 * Tells who must know (PRODUCT §6): the agent of each hold cancelled, every admin of each confirmed booking still
 * missing names. After the commit; a failure to notify is logged (notifySafely).
 */
export async function notifyNameDeadlineOutcomes({
  notifier,
  logger,
  outcomes,
}: {
  notifier: Notifier;
  logger: FastifyBaseLogger;
  outcomes: NameDeadlineOutcome[];
}): Promise<void> {
  for (const outcome of outcomes) {
    for (const bookingId of outcome.cancelled) {
      await notifySafely(logger, () =>
        notifier.notifyBookingEvent({ actorUserId: null, notice: { kind: 'names_deadline_cancelled', bookingId } }),
      );
    }
    for (const { bookingId, missing } of outcome.confirmedMissing) {
      await notifySafely(logger, () =>
        notifier.notifyBookingEvent({ actorUserId: null, notice: { kind: 'names_deadline_missing', bookingId, missing } }),
      );
    }
  }
}
