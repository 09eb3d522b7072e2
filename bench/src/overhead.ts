/**
 * The small route's overhead alone (issue 20 point 2): `npm run bench -- --scenario overhead`.
 * For each engine: a fresh workload (`--scale`), one server, then the full run's overhead figure (measureOverhead):
 * GET /api/unread-notifications-count with an admin's bearer token against a bare node:http process sending the
 * very same bytes, flat out and then at the same rate for both, and the server CPU per request of each.
 *
 * `--cpu-prof <dir>`: the server runs with `node --cpu-prof`; one more run of the portal at that rate is summarised
 * (top functions by self time, and by package; cpu-profile.ts). The profiler costs CPU too: the figures of a
 * profiled run are a little higher than those of a plain one.
 */
import os from 'node:os';
import { bearer, signIn } from './api.js';
import { atMost, BUDGETS, type BudgetCheck } from './budgets.js';
import type { ProfileSummary } from './cpu-profile.js';
import type { Engine } from './engines.js';
import { ADMIN, measureOverhead, type EngineResult, type LoadOptions } from './http-bench.js';
import { measureLoad } from './load.js';
import { withScenarioServer } from './scenario-server.js';

export interface OverheadRun {
  engine: Engine;
  /** os.loadavg() before the measurement: the machine is shared. */
  loadAverage: number[];
  overhead: EngineResult['overhead'];
  profile: ProfileSummary | null;
}

export interface OverheadOptions {
  engines: Engine[];
  scale: number;
  load: Pick<LoadOptions, 'connections' | 'durationSeconds' | 'warmupSeconds'>;
  cpuProfDir?: string | undefined;
}

async function runOnce(engine: Engine, options: OverheadOptions, log: (line: string) => void): Promise<OverheadRun> {
  const label = `[${engine}]`;
  const { result, profile } = await withScenarioServer(
    { engine, scale: options.scale, label, cpuProfDir: options.cpuProfDir, profileName: 'overhead', profileTop: 40 },
    log,
    async ({ server, window }) => {
      const adminToken = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
      const loadAverage = os.loadavg().map((value) => Math.round(value * 10) / 10);
      log(`${label} overhead (load average ${loadAverage.join(' ')}) ...`);
      const overhead = await measureOverhead(server, adminToken, options.load);
      if (options.cpuProfDir) {
        log(`${label} the portal at ${overhead.rate} req/s once more, profiled ...`);
        const request = { method: 'GET' as const, path: '/api/unread-notifications-count', headers: bearer(adminToken) };
        window.start();
        await measureLoad(server.baseUrl, request, { ...options.load, warmupSeconds: 0, overallRate: overhead.rate });
        window.end();
      }
      return { loadAverage, overhead };
    },
  );
  return { engine, ...result, profile };
}

export async function benchOverhead(options: OverheadOptions, log: (line: string) => void): Promise<OverheadRun[]> {
  const runs: OverheadRun[] = [];
  for (const engine of options.engines) runs.push(await runOnce(engine, options, log));
  return runs;
}

export function overheadChecks(runs: readonly OverheadRun[]): BudgetCheck[] {
  return runs.map((run) => atMost(`${run.engine}: small route CPU/request vs node:http`, run.overhead.cpuRatio, BUDGETS.overheadCpuRatioMax));
}

export function describeOverhead(runs: readonly OverheadRun[]): string[] {
  const out: string[] = [];
  for (const run of runs) {
    const o = run.overhead;
    out.push(`\n== overhead, ${run.engine} (load average ${run.loadAverage.join(' ')}): ${o.route}`);
    out.push(
      `flat out: node:http ${o.reference.requestsPerSecond} req/s at ${o.reference.serverCpuUsPerRequest ?? '-'} µs/req, ` +
        `portal ${o.portal.requestsPerSecond} req/s at ${o.portal.serverCpuUsPerRequest ?? '-'} µs/req (ratio of req/s ${o.ratio})`,
    );
    out.push(
      `small route at ${o.rate} req/s for both: server CPU per request ${o.portalAtRate.serverCpuUsPerRequest} µs (portal, ${o.portalAtRate.requestsPerSecond} req/s answered) / ` +
        `${o.referenceAtRate.serverCpuUsPerRequest} µs (node:http, ${o.referenceAtRate.requestsPerSecond} req/s) = ${o.cpuRatio}`,
    );
    if (run.profile) out.push(...run.profile.lines);
  }
  return out;
}
