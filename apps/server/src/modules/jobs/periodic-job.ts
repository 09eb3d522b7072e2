import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/database.js';
import { claimJobRun, finishJobRun } from './jobs.repository.js';

/**
 * How long a run holds its job. Longer than any run takes (a sweep of thousands of holds, a batch of mail
 * within the SMTP time limits), so a job comes free before its run ends only when its process died or hung.
 */
export const JOB_LEASE_MS = 10 * 60_000;

export interface PeriodicJob {
  /** Stops the timer and waits for a run in progress, so the database can be closed after it. */
  stop(): Promise<void>;
}

/**
 * Runs `run` about every `intervalMs` across all the server processes on one database (decision 033): each
 * process ticks on its own timer and asks the job's row (claimJobRun) whether the run is due and nobody holds
 * it; the one that gets it runs, the others wait for their next tick. A restarted process therefore neither
 * repeats a run that another one did a moment ago nor waits for one that died with its process (the lease).
 * Runs of one process never overlap: the next tick is set when one ends. A failed run or claim is logged and the
 * next tick tries again.
 */
export function startPeriodicJob({
  db,
  name,
  intervalMs,
  firstTickMs = intervalMs,
  leaseMs = JOB_LEASE_MS,
  logger,
  run,
  now = () => new Date(),
}: {
  db: Database;
  /** The job's row in scheduled_jobs; the same in every process. */
  name: string;
  intervalMs: number;
  /** Delay before this process's first tick (0: at once). */
  firstTickMs?: number;
  leaseMs?: number;
  logger: Pick<FastifyBaseLogger, 'error'>;
  run: () => Promise<void>;
  now?: () => Date;
}): PeriodicJob {
  let timer: NodeJS.Timeout | undefined;
  let ticking: Promise<void> | undefined;
  let stopped = false;

  const tick = async () => {
    let claim: number | undefined;
    try {
      claim = await claimJobRun({ db, name, now: now(), intervalMs, leaseMs });
    } catch (error) {
      logger.error({ err: error, job: name }, 'scheduled job: could not claim its run');
      return;
    }
    if (claim === undefined) return;
    try {
      await run();
    } catch (error) {
      logger.error({ err: error, job: name }, 'scheduled job failed');
    }
    await finishJobRun({ db, name, run: claim, now: now() }).catch((error: unknown) => {
      logger.error({ err: error, job: name }, 'scheduled job: could not record the end of its run');
    });
  };
  const schedule = (delayMs: number) => {
    if (stopped) return;
    timer = setTimeout(() => {
      timer = undefined;
      ticking = tick().finally(() => {
        ticking = undefined;
        schedule(intervalMs);
      });
    }, delayMs);
    // A periodic job alone never keeps the process alive.
    timer.unref();
  };
  schedule(firstTickMs);

  return {
    async stop() {
      stopped = true;
      if (timer) clearTimeout(timer);
      await ticking;
    },
  };
}
