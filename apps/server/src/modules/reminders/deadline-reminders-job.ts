import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { startPeriodicJob, type PeriodicJob } from '../jobs/periodic-job.js';
import { sendDueReminders, type ReminderRunResult } from './reminders.usecases.js';

/** How often the job looks for due reminders unless told otherwise: a reminder goes out at most this late. */
export const DEADLINE_REMINDERS_INTERVAL_MS = 5 * 60_000;
/** The first look after a start: soon, so reminders due while the server was down go out (decision 036). */
export const DEADLINE_REMINDERS_FIRST_TICK_MS = 10_000;
/** Its row in scheduled_jobs (decision 033). */
export const DEADLINE_REMINDERS_JOB = 'deadline-reminders';

/** One run, logged; what it sent is handed to `onSent` after it committed. A failure is logged, not thrown. */
export async function runDeadlineReminders({
  db,
  logger,
  publicUrl,
  now = () => new Date(),
  onSent,
}: {
  db: Database;
  logger: Pick<FastifyBaseLogger, 'info' | 'error'>;
  publicUrl: string;
  now?: () => Date;
  onSent?: (result: ReminderRunResult) => void;
}): Promise<ReminderRunResult | undefined> {
  try {
    const result = await sendDueReminders({ db, now: now(), publicUrl, logger });
    if (result.sent.length > 0 || result.failed > 0) {
      logger.info({ sent: result.sent.length, emails: result.emailsQueued, failed: result.failed }, 'deadline reminders sent');
    }
    if (result.sent.length > 0) onSent?.(result);
    return result;
  } catch (error) {
    logger.error({ err: error }, 'deadline reminder run failed');
    return undefined;
  }
}

/**
 * The scheduler of the deadline reminders (decision 036): runDeadlineReminders about every `intervalMs`, once across
 * the server processes (startPeriodicJob's run claim); each reminder is claimed again on its own (reminders_sent), so
 * even two runs at once send it once. `now` is the clock (tests pass their own).
 */
export function startDeadlineRemindersJob({
  db,
  logger,
  publicUrl,
  intervalMs = DEADLINE_REMINDERS_INTERVAL_MS,
  firstTickMs = DEADLINE_REMINDERS_FIRST_TICK_MS,
  now = () => new Date(),
  onSent,
}: {
  db: Database;
  logger: FastifyBaseLogger;
  publicUrl: string;
  intervalMs?: number;
  firstTickMs?: number;
  now?: () => Date;
  onSent?: (result: ReminderRunResult) => void;
}): PeriodicJob {
  return startPeriodicJob({
    db,
    name: DEADLINE_REMINDERS_JOB,
    intervalMs,
    firstTickMs,
    logger,
    now,
    run: async () => {
      await runDeadlineReminders({ db, logger, publicUrl, now, onSent });
    },
  });
}
