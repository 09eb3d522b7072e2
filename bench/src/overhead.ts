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
import { mkdtempSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { bearer, signIn } from './api.js';
import { atMost, BUDGETS, type BudgetCheck } from './budgets.js';
import { summariseCpuProfiles, type ProfileSummary } from './cpu-profile.js';
import { prepareEngine, type Engine } from './engines.js';
import { ADMIN, generateWorkload, measureOverhead, serverEnv, type EngineResult, type LoadOptions } from './http-bench.js';
import { measureLoad } from './load.js';
import { freePort, SERVER_MAIN, SERVER_NODE_ARGS, startNodeProcess } from './processes.js';

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
  const prepared = await prepareEngine(engine, { keep: false });
  try {
    log(`[${engine}] generating the workload (scale ${options.scale}) ...`);
    await generateWorkload(prepared, options.scale);
    const port = await freePort();
    const profileDir = options.cpuProfDir && mkdtempSync(path.join(options.cpuProfDir, `${engine}-overhead-`));
    const server = await startNodeProcess({
      script: SERVER_MAIN,
      nodeArgs: [...SERVER_NODE_ARGS, ...(profileDir ? ['--cpu-prof', `--cpu-prof-dir=${profileDir}`] : [])],
      env: serverEnv(prepared, port),
      port,
      healthPath: '/api/health',
    });
    let overhead: EngineResult['overhead'];
    let loadAverage: number[];
    let window: { startUs: number; endUs: number } | null = null;
    try {
      await new Promise((resolve) => setTimeout(resolve, 1_000));
      const adminToken = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
      loadAverage = os.loadavg().map((value) => Math.round(value * 10) / 10);
      log(`[${engine}] overhead (load average ${loadAverage.join(' ')}) ...`);
      overhead = await measureOverhead(server, adminToken, options.load);
      if (profileDir) {
        log(`[${engine}] the portal at ${overhead.rate} req/s once more, profiled ...`);
        const request = { method: 'GET' as const, path: '/api/unread-notifications-count', headers: bearer(adminToken) };
        const startUs = Number(process.hrtime.bigint() / 1000n);
        await measureLoad(server.baseUrl, request, { ...options.load, warmupSeconds: 0, overallRate: overhead.rate });
        window = { startUs, endUs: Number(process.hrtime.bigint() / 1000n) };
      }
    } catch (error) {
      log(`[${engine}] server output:\n${server.output()}`);
      throw error;
    } finally {
      await server.stop();
    }
    const profile = profileDir && window ? summariseCpuProfiles(profileDir, window, 40) : null;
    return { engine, loadAverage, overhead, profile };
  } finally {
    await prepared.dispose();
  }
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
