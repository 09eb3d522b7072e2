/**
 * The hot group release alone (issue 20 points 3 and 4): `npm run bench -- --scenario hot-release`.
 * For each engine and each process count (`--workers 1,2`; above 1 on PostgreSQL with Redis only, decision 033):
 * a fresh workload (`--scale`), one server, `--contention-attempts` single-seat bookings (one passport each) fired at
 * once at the 150-seat group from `--contention-agents` agents, after `--warm-up` bookings made and cancelled. Prints booked / refused / oversold, p50 / p99 and the
 * server's CPU time per booking (its own and its workers', from /proc) beside their budgets.
 *
 * `--cpu-prof <dir>`: the server runs with `node --cpu-prof`; its profile (one per worker) is summarised for the
 * seconds of the release only (top functions by self time, and by package), see cpu-profile.ts.
 */
import os from 'node:os';
import { signIn } from './api.js';
import type { BudgetCheck } from './budgets.js';
import { contentionChecks, describeContention, warmUpBookings, type ContentionFigures } from './contention.js';
import type { ProfileSummary } from './cpu-profile.js';
import type { Engine } from './engines.js';
import { ADMIN, agentSessions, CONTENTION_PNR, CONTENTION_SEATS, measureGroupContention, signInContentionAgents } from './http-bench.js';
import { withScenarioServer } from './scenario-server.js';

export interface HotReleaseRun {
  engine: Engine;
  workers: number;
  contention: ContentionFigures;
  /** os.loadavg() right before the release: the machine is shared, so latencies move with it. */
  loadAverage: number[];
  profile: ProfileSummary | null;
}

export interface HotReleaseOptions {
  engines: Engine[];
  workers: number[];
  scale: number;
  attempts: number;
  agents: number;
  redisUrl: string;
  /** Bookings made and cancelled before the measured release, so that it runs on a warm server (warmUpBookings). */
  warmUp: number;
  /** Where the servers' .cpuprofile files go; no profiling when undefined. */
  cpuProfDir?: string | undefined;
}

async function runOnce(engine: Engine, workers: number, options: HotReleaseOptions, log: (line: string) => void): Promise<HotReleaseRun> {
  const label = `[${engine}, WORKERS=${workers}]`;
  const { result, profile } = await withScenarioServer(
    {
      engine,
      scale: options.scale,
      label,
      cpuProfDir: options.cpuProfDir,
      profileName: `w${workers}`,
      env: workers > 1 ? { WORKERS: String(workers), REDIS_URL: options.redisUrl } : {},
    },
    log,
    async ({ workload, server, window }) => {
      const adminToken = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
      const agentTokens = await signInContentionAgents(workload, options.agents, agentSessions(server.baseUrl));
      if (options.warmUp > 0) {
        log(`${label} warming up: ${options.warmUp} bookings of the group, cancelled again ...`);
        await warmUpBookings({ baseUrl: server.baseUrl, agentTokens, adminToken, pnr: CONTENTION_PNR, count: options.warmUp });
      }
      const loadAverage = os.loadavg().map((value) => Math.round(value * 10) / 10);
      log(`${label} ${options.attempts} bookings on ${CONTENTION_SEATS} seats (load average ${loadAverage.join(' ')}) ...`);
      window.start();
      const contention = await measureGroupContention({ server, workload, agentTokens, adminToken, attempts: options.attempts });
      window.end();
      return { contention, loadAverage };
    },
  );
  return { engine, workers, ...result, profile };
}

export async function benchHotRelease(options: HotReleaseOptions, log: (line: string) => void): Promise<HotReleaseRun[]> {
  const runs: HotReleaseRun[] = [];
  for (const engine of options.engines) {
    for (const workers of options.workers) {
      // Decision 033: several processes need PostgreSQL (and Redis); the embedded database has one.
      if (workers > 1 && engine !== 'postgres') continue;
      runs.push(await runOnce(engine, workers, options, log));
    }
  }
  return runs;
}

export function hotReleaseChecks(runs: readonly HotReleaseRun[]): BudgetCheck[] {
  return runs.flatMap((run) => contentionChecks(`${run.engine} WORKERS=${run.workers}`, run.engine, run.contention));
}

/** The report: one line a run, the WORKERS=2 run against WORKERS=1 on the same engine, the profiles. */
export function describeHotRelease(runs: readonly HotReleaseRun[]): string[] {
  const out: string[] = [];
  for (const run of runs) {
    out.push(`\n== hot release, ${run.engine}, WORKERS=${run.workers} (load average ${run.loadAverage.join(' ')})`);
    out.push(describeContention(run.contention));
    if (run.profile) out.push(...run.profile.lines);
  }
  for (const run of runs.filter((candidate) => candidate.workers > 1)) {
    const single = runs.find((candidate) => candidate.engine === run.engine && candidate.workers === 1);
    if (!single) continue;
    const a = single.contention;
    const b = run.contention;
    out.push(
      `\n== ${run.engine}: WORKERS=${run.workers} against WORKERS=1: p50 ${a.p50Ms} -> ${b.p50Ms} ms, p99 ${a.p99Ms} -> ${b.p99Ms} ms, ` +
        `all done ${a.wallMs} -> ${b.wallMs} ms, server CPU per booking ${a.serverCpuMsPerBooking ?? '-'} -> ${b.serverCpuMsPerBooking ?? '-'} ms ` +
        `(JavaScript threads ${a.serverThreadCpuMsPerBooking ?? '-'} -> ${b.serverThreadCpuMsPerBooking ?? '-'} ms)`,
    );
  }
  return out;
}
