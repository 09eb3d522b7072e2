import { and, eq, isNull, lte, or, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { scheduledJobs } from './jobs.table.js';

/**
 * Claims a run of job `name` when it is due: its last run started at least `intervalMs` before `now` and no run
 * holds it (no lease, or one that ran out). One statement (an upsert on the job's row), so of several processes
 * asking at the same moment exactly one gets the run: the others wait for its row lock and then see the row it
 * wrote. Returns the run's number (the claim, for finishJobRun), or undefined when the run is not this caller's.
 */
export async function claimJobRun({
  db,
  name,
  now,
  intervalMs,
  leaseMs,
}: {
  db: Executor;
  name: string;
  now: Date;
  intervalMs: number;
  leaseMs: number;
}): Promise<number | undefined> {
  const leaseUntil = new Date(now.getTime() + leaseMs);
  const [row] = await db
    .insert(scheduledJobs)
    .values({ name, lastStartedAt: now, leaseUntil, runs: 1 })
    .onConflictDoUpdate({
      target: scheduledJobs.name,
      set: { lastStartedAt: now, leaseUntil, runs: sql`${scheduledJobs.runs} + 1` },
      setWhere: and(
        lte(scheduledJobs.lastStartedAt, new Date(now.getTime() - intervalMs)),
        or(isNull(scheduledJobs.leaseUntil), lte(scheduledJobs.leaseUntil, now)),
      ),
    })
    .returning({ runs: scheduledJobs.runs });
  return row?.runs;
}

/** Ends run `run` of job `name`: frees the job, unless the lease ran out and another process claimed it since. */
export async function finishJobRun({ db, name, run, now }: { db: Executor; name: string; run: number; now: Date }): Promise<void> {
  await db
    .update(scheduledJobs)
    .set({ leaseUntil: null, lastFinishedAt: now })
    .where(and(eq(scheduledJobs.name, name), eq(scheduledJobs.runs, run)));
}
