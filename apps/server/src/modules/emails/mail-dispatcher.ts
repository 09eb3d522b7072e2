import type { FastifyBaseLogger } from 'fastify';
import type { AppConfig } from '../../config/config.js';
import type { Database } from '../../db/database.js';
import { claimDueEmails, markEmailFailedAttempt, markEmailSent } from './emails.repository.js';
import { startPeriodicJob } from '../jobs/periodic-job.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';

/** How often the dispatcher looks for due mail unless told otherwise. */
export const MAIL_DISPATCH_INTERVAL_MS = 5_000;
/**
 * How long a claimed row stays out of other dispatchers' reach. Longer than any send can take (the SMTP time
 * limits in mail-transport.ts), so a row comes due again only when its dispatcher has died or hung.
 */
export const MAIL_LEASE_MS = 5 * 60_000;
/** After this many failed tries a message is `failed` (an admin can resend it from the Emails page). */
export const MAX_MAIL_ATTEMPTS = 8;
const FIRST_RETRY_MS = 60_000;
const MAX_RETRY_MS = 60 * 60_000;
const BATCH_SIZE = 20;
const MAX_ERROR_LENGTH = 1_000;

/** Wait before the try after failed attempt `attempts` (1-based): 1 min, 2, 4, ... at most 1 h. */
export function getRetryDelayMs(attempts: number): number {
  return Math.min(FIRST_RETRY_MS * 2 ** Math.max(0, attempts - 1), MAX_RETRY_MS);
}

export interface DispatchResult {
  sent: number[];
  /** Failed this time, queued for a later try. */
  retrying: number[];
  /** Failed their last try: now `failed`. */
  failed: number[];
}

/**
 * Sends the queued outbox rows that are due (PRODUCT §1 mail, issue 6: retried with back-off, never lost).
 * Rows are claimed in small batches (claimDueEmails: one short statement with a lease), sent outside any
 * transaction, and then marked sent, or given their error and next try, or `failed` after the last attempt.
 * Safe with several processes at once: each due row is claimed, and so sent, by one of them.
 */
export async function dispatchDueEmails({
  db,
  transport,
  logger,
  now = () => new Date(),
  limit = BATCH_SIZE,
}: {
  db: Database;
  transport: MailTransport;
  logger?: Pick<FastifyBaseLogger, 'info' | 'warn' | 'error'>;
  /** The clock (tests move it forward); read for each claim and each outcome. */
  now?: () => Date;
  limit?: number;
}): Promise<DispatchResult> {
  const result: DispatchResult = { sent: [], retrying: [], failed: [] };
  for (;;) {
    const claimedAt = now();
    const rows = await claimDueEmails({ db, now: claimedAt, leaseUntil: new Date(claimedAt.getTime() + MAIL_LEASE_MS), limit });
    for (const row of rows) {
      try {
        await transport.send({ id: row.id, to: row.to, subject: row.subject, text: row.text, html: row.html });
      } catch (error) {
        const giveUp = row.attempts >= MAX_MAIL_ATTEMPTS;
        const failedAt = now();
        const reason = describeError(error);
        await markEmailFailedAttempt({
          db,
          id: row.id,
          attempts: row.attempts,
          error: reason,
          nextAttemptAt: giveUp ? failedAt : new Date(failedAt.getTime() + getRetryDelayMs(row.attempts)),
          giveUp,
        });
        if (giveUp) {
          logger?.error({ emailId: row.id, attempts: row.attempts, reason }, 'e-mail failed its last attempt');
          result.failed.push(row.id);
        } else {
          logger?.warn({ emailId: row.id, attempts: row.attempts, reason }, 'e-mail attempt failed; will retry');
          result.retrying.push(row.id);
        }
        continue;
      }
      await markEmailSent({ db, id: row.id, attempts: row.attempts, now: now() });
      result.sent.push(row.id);
    }
    // Rows that failed now come due later, so a full batch only means there may be more due ones.
    if (rows.length < limit) return result;
  }
}

function describeError(error: unknown): string {
  const text = error instanceof Error ? error.message : String(error);
  return (text.trim() || 'Unknown error').slice(0, MAX_ERROR_LENGTH);
}

export interface MailDispatcher {
  /** Sends what is due now instead of at the next tick (called after a use case enqueued mail). */
  kick(): void;
  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/** Its row in scheduled_jobs (decision 033). */
export const MAIL_DISPATCH_JOB = 'mail-dispatch';

/**
 * Sends queued outbox rows through SMTP_URL or as .eml files under DATA_DIR/mail (PRODUCT §1, §2): a tick at
 * start and then about every `intervalMs`, once across all the server processes on the database
 * (startPeriodicJob). A kick (this process enqueued mail) sends at once without asking the job's row: the rows
 * themselves are claimed (claimDueEmails), so a kicked run beside another process's tick sends nothing twice.
 * Runs of one process never overlap: a kick or tick during a run makes another start right after it. A failed
 * run is logged and the next one tries again.
 */
export function startMailDispatcher({
  db,
  config,
  logger,
  intervalMs = MAIL_DISPATCH_INTERVAL_MS,
  transport = createMailTransport({ smtpUrl: config.smtpUrl, mailFrom: config.mailFrom, dataDir: config.dataDir }),
}: {
  db: Database;
  config: AppConfig;
  logger: FastifyBaseLogger;
  intervalMs?: number;
  /** Where mail goes; default from the config. Closed by stop(). */
  transport?: MailTransport;
}): MailDispatcher {
  let running: Promise<void> | undefined;
  let stopped = false;
  let again = false;

  const dispatchOnce = async () => {
    try {
      const { sent, retrying, failed } = await dispatchDueEmails({ db, transport, logger });
      if (sent.length + retrying.length + failed.length > 0) {
        logger.info({ sent: sent.length, retrying: retrying.length, failed: failed.length, to: transport.description }, 'mail dispatched');
      }
    } catch (error) {
      logger.error({ err: error }, 'mail dispatch failed');
    }
  };
  const dispatch = (): Promise<void> => {
    if (running) {
      again = true;
      return running;
    }
    running = (async () => {
      do {
        again = false;
        await dispatchOnce();
      } while (again && !stopped);
    })().finally(() => {
      running = undefined;
    });
    return running;
  };
  // Mail left queued by an earlier process goes out at the first tick, at once.
  const job = startPeriodicJob({ db, name: MAIL_DISPATCH_JOB, intervalMs, firstTickMs: 0, logger, run: dispatch });

  return {
    kick() {
      if (!stopped) void dispatch();
    },
    async stop() {
      stopped = true;
      await job.stop();
      await running;
      transport.close();
    },
  };
}
