import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { recordAudit, SYSTEM_ACTOR } from '../audit/audit.usecases.js';
import { startPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.js';
import { cancelExpiredHolds } from './bookings.repository.js';

/** How often the sweeper runs unless told otherwise. */
export const HOLD_SWEEP_INTERVAL_MS = 30_000;
const BATCH_SIZE = 500;

/** A hold the sweeper cancelled: its agent (null: a walk-in) and group say which cached reads it changed. */
export interface ExpiredHold {
  id: number;
  groupId: number;
  agentUserId: number | null;
}

/**
 * PRODUCT §4: holds whose cancel_at has passed are cancelled by the server itself (cancel_status true,
 * cancelled_at now, cancelled_by null: nobody cancelled them). Their seats return by themselves: sold is
 * derived from the bookings not cancelled. Returns the holds it cancelled. Safe to run in several processes
 * at once (see cancelExpiredHolds): each expired hold is cancelled by exactly one of them.
 */
export async function sweepExpiredHolds({ db, now = new Date() }: { db: Database; now?: Date }): Promise<ExpiredHold[]> {
  const cancelled: ExpiredHold[] = [];
  for (;;) {
    const rows = await db.transaction(async (tx) => {
      const batch = await cancelExpiredHolds({ db: tx, now, limit: BATCH_SIZE });
      // Decision 035: the sweeper's expiries are the 'system' actor's; the snapshot is the fields it changes.
      for (const row of batch) {
        const before = { cancel_status: false, cancelled_at: null, cancel_at: row.cancelAt?.toISOString() ?? null };
        const after = { ...before, cancel_status: true, cancelled_at: now.toISOString() };
        await recordAudit(tx, SYSTEM_ACTOR, { kind: 'booking', entity_id: row.id, action: 'expire', before, after });
      }
      return batch;
    });
    cancelled.push(...rows.map(({ id, groupId, agentUserId }) => ({ id, groupId, agentUserId })));
    if (rows.length < BATCH_SIZE) return cancelled;
  }
}

/** One sweep, logged, its cancellations reported after they committed; a failure is logged, not thrown. */
export async function sweepAndReport({
  db,
  logger,
  onCancelled,
}: {
  db: Database;
  logger: FastifyBaseLogger;
  onCancelled?: (holds: ExpiredHold[]) => Promise<void>;
}): Promise<void> {
  try {
    const cancelled = await sweepExpiredHolds({ db });
    if (cancelled.length > 0) {
      logger.info({ bookingIds: cancelled.map((hold) => hold.id) }, 'expired holds cancelled');
      await onCancelled?.(cancelled);
    }
  } catch (error) {
    logger.error({ err: error }, 'hold sweep failed');
  }
}

/** Its row in scheduled_jobs (decision 033). */
export const HOLD_SWEEP_JOB = 'hold-sweep';

/**
 * Runs sweepExpiredHolds about every `intervalMs` (the first tick after one interval), once across all the
 * server processes on the database (startPeriodicJob). A failed run is logged and the next one tries again.
 */
export function startHoldSweeper({
  db,
  logger,
  intervalMs = HOLD_SWEEP_INTERVAL_MS,
  onCancelled,
}: {
  db: Database;
  logger: FastifyBaseLogger;
  intervalMs?: number;
  /** Told the ids a run cancelled, after they committed (app.ts tells the agents, PRODUCT §4 Notifications). */
  onCancelled?: (holds: ExpiredHold[]) => Promise<void>;
}): PeriodicJob {
  return startPeriodicJob({ db, name: HOLD_SWEEP_JOB, intervalMs, logger, run: () => sweepAndReport({ db, logger, onCancelled }) });
}
