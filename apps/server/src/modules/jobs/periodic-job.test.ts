import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { DatabaseHandle } from '../../db/database.js';
import { openTestDatabase } from '../../test/helpers.js';
import { claimJobRun, finishJobRun } from './jobs.repository.js';
import { scheduledJobs } from './jobs.table.js';
import { startPeriodicJob } from './periodic-job.js';

// Decision 033: a periodic job runs once across the server processes on one database, and after a restart
// neither repeats a run made a moment ago nor waits forever for a run that died with its process.

let handle: DatabaseHandle;
beforeAll(async () => {
  handle = await openTestDatabase();
});
afterAll(() => handle.close());

const SECOND = 1_000;
const MINUTE = 60 * SECOND;
const silent = { error: () => undefined } as unknown as FastifyBaseLogger;
let jobCounter = 0;
/** A job name of its own per test: the tests share one database. */
const newJobName = () => `test-job-${++jobCounter}`;
const at = (base: Date, ms: number) => new Date(base.getTime() + ms);

describe('claimJobRun', () => {
  it('when several processes ask for a due run at the same moment, then exactly one gets it', async () => {
    const db = handle.db;
    const name = newJobName();
    const now = new Date();
    const claims = await Promise.all(Array.from({ length: 6 }, () => claimJobRun({ db, name, now, intervalMs: 30 * SECOND, leaseMs: MINUTE })));
    expect(claims.filter((claim) => claim !== undefined)).toEqual([1]);

    // Its run finished; the next interval has come: again exactly one of them.
    await finishJobRun({ db, name, run: 1, now: at(now, SECOND) });
    const later = at(now, 30 * SECOND);
    const again = await Promise.all(Array.from({ length: 6 }, () => claimJobRun({ db, name, now: later, intervalMs: 30 * SECOND, leaseMs: MINUTE })));
    expect(again.filter((claim) => claim !== undefined)).toEqual([2]);
  });

  it('when the last run started less than an interval ago, then no run is due, even for a process that just started', async () => {
    const db = handle.db;
    const name = newJobName();
    const now = new Date();
    expect(await claimJobRun({ db, name, now, intervalMs: 30 * SECOND, leaseMs: MINUTE })).toBe(1);
    await finishJobRun({ db, name, run: 1, now: at(now, 100) });
    expect(await claimJobRun({ db, name, now: at(now, 29 * SECOND), intervalMs: 30 * SECOND, leaseMs: MINUTE })).toBeUndefined();
    expect(await claimJobRun({ db, name, now: at(now, 30 * SECOND), intervalMs: 30 * SECOND, leaseMs: MINUTE })).toBe(2);
  });

  it('when a run is still under way past the interval, then nobody else runs the job until it ends, or until its lease runs out', async () => {
    const db = handle.db;
    const name = newJobName();
    const now = new Date();
    expect(await claimJobRun({ db, name, now, intervalMs: SECOND, leaseMs: MINUTE })).toBe(1);
    // Run 1 is slow: well past the interval, the job is still its.
    expect(await claimJobRun({ db, name, now: at(now, 30 * SECOND), intervalMs: SECOND, leaseMs: MINUTE })).toBeUndefined();
    // Its process died: after the lease another process takes the job.
    expect(await claimJobRun({ db, name, now: at(now, MINUTE), intervalMs: SECOND, leaseMs: MINUTE })).toBe(2);
    // The late end of run 1 does not free run 2's lease.
    await finishJobRun({ db, name, run: 1, now: at(now, MINUTE + SECOND) });
    const [row] = await db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
    expect(row).toMatchObject({ runs: 2, leaseUntil: at(now, 2 * MINUTE), lastFinishedAt: null });
    expect(await claimJobRun({ db, name, now: at(now, MINUTE + 5 * SECOND), intervalMs: SECOND, leaseMs: MINUTE })).toBeUndefined();
    // Run 2 ends: the job is free again.
    await finishJobRun({ db, name, run: 2, now: at(now, MINUTE + 6 * SECOND) });
    expect(await claimJobRun({ db, name, now: at(now, MINUTE + 7 * SECOND), intervalMs: SECOND, leaseMs: MINUTE })).toBe(3);
  });
});

describe('startPeriodicJob', () => {
  it('when two processes tick the same job, then runs never overlap and start at least an interval apart, as with one', async () => {
    const name = newJobName();
    const intervalMs = 300;
    const starts: number[] = [];
    let inRun = 0;
    let overlapped = false;
    const run = async () => {
      starts.push(Date.now());
      inRun += 1;
      if (inRun > 1) overlapped = true;
      await new Promise((resolve) => setTimeout(resolve, 20));
      inRun -= 1;
    };
    const began = Date.now();
    const jobs = [0, 150].map((firstTickMs) => startPeriodicJob({ db: handle.db, name, intervalMs, firstTickMs, logger: silent, run }));
    await new Promise((resolve) => setTimeout(resolve, 2_000));
    await Promise.all(jobs.map((job) => job.stop()));
    const elapsed = Date.now() - began;

    expect(overlapped).toBe(false);
    expect(starts.length).toBeGreaterThanOrEqual(2);
    // Each process alone would tick about elapsed / interval times: together they run no more often than one.
    expect(starts.length).toBeLessThanOrEqual(Math.floor(elapsed / intervalMs) + 1);
    for (let index = 1; index < starts.length; index++) expect(starts[index]! - starts[index - 1]!).toBeGreaterThanOrEqual(intervalMs - 50);
    const [row] = await handle.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, name));
    expect(row).toMatchObject({ runs: starts.length, leaseUntil: null });
  });

  it('when a run throws, then the error is logged with the job and the next tick runs again', async () => {
    const name = newJobName();
    const errors: unknown[] = [];
    let calls = 0;
    const job = startPeriodicJob({
      db: handle.db,
      name,
      intervalMs: 50,
      firstTickMs: 0,
      logger: { error: (details: unknown) => errors.push(details) } as unknown as FastifyBaseLogger,
      run: async () => {
        calls += 1;
        if (calls === 1) throw new Error('first run fails');
      },
    });
    try {
      await expect.poll(() => calls, { timeout: 5_000 }).toBeGreaterThanOrEqual(2);
    } finally {
      await job.stop();
    }
    expect(errors[0]).toMatchObject({ job: name, err: { message: 'first run fails' } });
  });
});
