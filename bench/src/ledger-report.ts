/**
 * The busiest agent's ledger alone (issue 20 point 5): `npm run bench -- --scenario ledger-report [--engines pglite]
 * [--cpu-prof dir] [--sequential-requests N]`. For each engine: a fresh workload, one server, then the full run's
 * measurement (measureLedgerReport): account-api `all` of agent01 (the seeds' contract), computed one request at a
 * time, each after a real posting to that ledger (an administrator's payment through the API, not timed: decision
 * 050) once the server is idle again (request-costs.ts settle), then from the read cache; its rows and bytes; the server's CPU per computed
 * request, the whole process and its JavaScript thread alone (PGlite's database runs on that thread, PostgreSQL's
 * in its own processes, not counted). `--cpu-prof <dir>` profiles the computed requests.
 */
import os from 'node:os';
import { atMost, BUDGETS, type BudgetCheck } from './budgets.js';
import type { ProfileSummary } from './cpu-profile.js';
import type { Engine } from './engines.js';
import { signIn } from './api.js';
import { ADMIN, agentSessions } from './http-bench.js';
import { round } from './processes.js';
import { measureLedgerReport, type LedgerReportFigures } from './request-costs.js';
import { withScenarioServer } from './scenario-server.js';

export interface LedgerReportRun {
  engine: Engine;
  loadBefore: number[];
  loadAfter: number[];
  figures: LedgerReportFigures;
  profile: ProfileSummary | null;
}

export interface LedgerReportOptions {
  engines: Engine[];
  scale: number;
  /** Computed requests, then as many from the read cache. */
  count: number;
  cpuProfDir?: string | undefined;
}

const loadAverage = () => os.loadavg().map((value) => round(value, 1));

async function runOnce(engine: Engine, options: LedgerReportOptions, log: (line: string) => void): Promise<LedgerReportRun> {
  const label = `[${engine}]`;
  const { result, profile } = await withScenarioServer(
    {
      engine,
      scale: options.scale,
      label,
      cpuProfDir: options.cpuProfDir,
      profileName: 'ledger-report',
      profileTop: 40,
      // The server says its own time and the read cache's outcome on each answer (decision 057).
      env: { SERVER_TIMING: '1' },
    },
    log,
    async ({ workload, server, window }) => {
      const token = await agentSessions(server.baseUrl)(workload.busyAgentEmail);
      const adminToken = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
      const loadBefore = loadAverage();
      log(`${label} account-api all of the busiest agent, ${options.count} computed (each after a payment posted to it) then ${options.count} cached, one at a time (load average ${loadBefore.join(' ')}) ...`);
      window.start();
      const figures = await measureLedgerReport({ baseUrl: server.baseUrl, serverPid: server.child.pid!, token, adminToken, count: options.count });
      window.end();
      return { engine, loadBefore, loadAfter: loadAverage(), figures };
    },
  );
  return { ...result, profile };
}

export async function benchLedgerReport(options: LedgerReportOptions, log: (line: string) => void): Promise<LedgerReportRun[]> {
  const runs: LedgerReportRun[] = [];
  for (const engine of options.engines) runs.push(await runOnce(engine, options, log));
  return runs;
}

export function ledgerReportChecks(runs: readonly LedgerReportRun[]): BudgetCheck[] {
  return runs.flatMap((run) => [
    atMost(`${run.engine}: ledger all (busiest agent) p99 ms, one at a time`, run.figures.cold.latency.p99Ms, BUDGETS.readP99MsMax),
    atMost(`${run.engine}: ledger all errors`, run.figures.cold.errors + run.figures.warm.errors, 0),
  ]);
}

export function describeLedgerReport(runs: readonly LedgerReportRun[]): string[] {
  const out: string[] = [];
  for (const run of runs) {
    const f = run.figures;
    out.push(`\n== ledger report, ${run.engine} (load average before ${run.loadBefore.join(' ')}, after ${run.loadAfter.join(' ')})`);
    out.push(`account-api all of the busiest agent: ${f.rows} rows, JSON ${round(f.jsonBytes / 1024, 1)} KB (${f.jsonBytes} bytes), sent gzipped ${round(f.gzipBytes / 1024, 1)} KB`);
    for (const [name, cost] of [
      ['computed, each after a posting', f.cold],
      ['read cache', f.warm],
    ] as const) {
      out.push(
        `${name}: ${cost.requests} requests, p50 ${cost.latency.p50Ms} / p95 ${cost.latency.p95Ms} / p99 ${cost.latency.p99Ms} / max ${cost.latency.maxMs} ms, ` +
          `errors ${cost.errors}, server CPU ${cost.serverCpuUsPerRequest} µs/req (JavaScript thread ${cost.jsThreadCpuUsPerRequest ?? '-'})` +
          // The server's own time (decision 057): the rest is the network and the client reading and inflating the answer.
          (cost.serverLatency ? `; as the server timed it p50 ${cost.serverLatency.p50Ms} / p99 ${cost.serverLatency.p99Ms} ms` : ''),
      );
    }
    if (run.profile) out.push(...run.profile.lines);
  }
  return out;
}
