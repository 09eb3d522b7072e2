/**
 * `npm run bench` (issue 8): the portal's speed at a realistic scale, each figure beside its budget.
 *
 *   npm run bench                          everything: both engines, front-end sizes, Lighthouse
 *   npm run bench -- --engines pglite      one engine
 *   npm run bench -- --scale 0.1 --duration 5 --skip-lighthouse
 *   npm run bench -- --scenario hot-release [--engines postgres] [--workers 1,2] [--cpu-prof /tmp/prof]
 *                                          only the hot group release (200 bookings, 150 seats), per WORKERS count
 *   npm run bench -- --scenario overhead [--engines pglite] [--scale 0.1] [--cpu-prof /tmp/prof]
 *                                          only the small route's CPU per request against node:http (issue 20 point 2)
 *   npm run bench -- --scenario mixed [--engines pglite] [--cpu-prof /tmp/prof] [--mixed-duration 60]
 *                                          only the mixed workload, after each read step's computed cost
 *   npm run bench -- --scenario ledger-report [--engines pglite] [--cpu-prof /tmp/prof] [--sequential-requests 200]
 *                                          only the busiest agent's ledger, computed then cached, one request at a time
 *   npm run bench -- --reads insights --skip-frontend   only the read scenarios whose name contains 'insights'
 *                                                    (comma-separated; overhead and contention still run)
 *
 * It prints a table, writes bench/results/<date>-<time>.json and compares it with the previous result of the
 * same options (compare-results.ts: the figures more than 20 % worse). The exit code is 0 when every budget
 * is met, 1 when some is missed, 2 when the run itself failed; regressions alone do not change it.
 */
import { mkdirSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { parseArgs } from 'node:util';
import { atLeast, atMost, BUDGETS, type BudgetCheck } from './budgets.js';
import { compareWithPrevious } from './compare-results.js';
import { contentionChecks, describeContention } from './contention.js';
import { checkPostgres, prepareEngine, type Engine } from './engines.js';
import { measureInitialAssets, type RouteAssets } from './frontend-size.js';
import { benchEngine, serverEnv, type EngineResult, type Invariants } from './http-bench.js';
import type { LoadFigures } from './load.js';
import type { SequentialCost } from './request-costs.js';
import { runLighthouse, type LighthouseResult } from './lighthouse.js';
import { benchHotRelease, describeHotRelease, hotReleaseChecks } from './hot-release.js';
import { benchLedgerReport, describeLedgerReport, ledgerReportChecks } from './ledger-report.js';
import { benchMixedScenario, mixedScenarioChecks } from './mixed-scenario.js';
import { describeBookingTail, describeSlowBySlice, WARM_UP_MS, type MixedFigures } from './mixed-workload.js';
import { benchPassportRead, passportReadChecks } from './passport-read.js';
import { benchOverhead, describeOverhead, overheadChecks } from './overhead.js';
import { freePort, ROOT_DIR, round, SERVER_MAIN, SERVER_NODE_ARGS, startNodeProcess, WEB_DIST_DIR } from './processes.js';

const { values: args } = parseArgs({
  options: {
    engines: { type: 'string', default: 'pglite,postgres' },
    scale: { type: 'string', default: '1' },
    duration: { type: 'string', default: '10' },
    warmup: { type: 'string', default: '3' },
    connections: { type: 'string', default: '50' },
    'mixed-duration': { type: 'string', default: '60' },
    'mixed-agents': { type: 'string', default: '50' },
    'mixed-admins': { type: 'string', default: '2' },
    'sequential-requests': { type: 'string', default: '200' },
    'contention-attempts': { type: 'string', default: '200' },
    'contention-agents': { type: 'string', default: '20' },
    'lighthouse-runs': { type: 'string', default: '3' },
    'skip-lighthouse': { type: 'boolean', default: false },
    'skip-frontend': { type: 'boolean', default: false },
    keep: { type: 'boolean', default: false },
    /** One scenario alone: `passport-read` (issue 17 point 4), `hot-release` (issue 20 point 3), `overhead` (issue 20 point 2). */
    scenario: { type: 'string' },
    /** hot-release: the server process counts to run it with (WORKERS; above 1 on PostgreSQL with Redis only). */
    workers: { type: 'string', default: '1,2' },
    /** hot-release: bookings made and cancelled before the measured release (a warm server; warmUpBookings). */
    'warm-up': { type: 'string', default: '200' },
    /** hot-release, overhead and mixed: run the server with `node --cpu-prof`, its profiles in this directory, summarised in the report. */
    'cpu-prof': { type: 'string' },
    reads: { type: 'string', default: '' },
    /** mixed: requests per read step for its computed cost, one at a time (0 skips them). */
    'cost-requests': { type: 'string', default: '40' },
  },
});

const log = (line: string) => process.stderr.write(`${line}\n`);

function machine() {
  const cpus = os.cpus();
  return {
    date: new Date().toISOString(),
    node: process.version,
    cpu: `${cpus.length} x ${cpus[0]?.model ?? 'unknown'}`,
    memoryGiB: round(os.totalmem() / 2 ** 30, 1),
    os: `${os.type()} ${os.release()}`,
  };
}

/** The built app on the demo data (what a visitor sees after `npm start`), for Lighthouse. */
async function lighthouseOnDemo(runs: number): Promise<LighthouseResult[]> {
  const prepared = await prepareEngine('pglite', { keep: false });
  const port = await freePort();
  const server = await startNodeProcess({
    script: SERVER_MAIN,
    nodeArgs: SERVER_NODE_ARGS,
    env: serverEnv(prepared, port, { SEED_DEMO: '1', PUBLIC_URL: `http://localhost:${port}` }),
    port,
    healthPath: '/api/health',
  });
  try {
    // localhost, not 127.0.0.1: the demo's image URLs are built on PUBLIC_URL.
    return await runLighthouse({ baseUrl: `http://localhost:${port}`, paths: ['/', '/signin'], presets: ['desktop', 'mobile'], runs });
  } finally {
    await server.stop();
    await prepared.dispose();
  }
}

function checksFor(engines: EngineResult[], assets: RouteAssets[] | null, lighthouse: LighthouseResult[] | null): BudgetCheck[] {
  const checks: BudgetCheck[] = [];
  for (const result of engines) {
    const e = result.engine;
    checks.push(atMost(`${e}: small route CPU/request vs node:http`, result.overhead.cpuRatio, BUDGETS.overheadCpuRatioMax));
    for (const read of result.reads) {
      if (read.budgeted !== false) checks.push(atMost(`${e}: ${read.name} p99 ms`, read.figures.p99Ms, BUDGETS.readP99MsMax));
      checks.push(atMost(`${e}: ${read.name} errors`, read.figures.errors + read.figures.non2xx, 0));
    }
    checks.push(...contentionChecks(e, result.engine as Engine, result.contention));
    if (e === 'pglite') checks.push(atMost(`${e}: RSS after reads MiB`, result.memory.afterReads.rssMiB, BUDGETS.embeddedRssMiBMax));
    const ledger = result.ledgerReport;
    checks.push(atMost(`${e}: ledger all (busiest agent) p99 ms, one at a time`, ledger.cold.latency.p99Ms, BUDGETS.readP99MsMax));
    checks.push(atMost(`${e}: ledger all errors`, ledger.cold.errors + ledger.warm.errors, 0));
    if (result.mixed) {
      for (const request of result.mixed.requests) {
        if (!request.write) checks.push(atMost(`${e}: mixed ${request.name} p99 ms`, request.p99Ms, BUDGETS.readP99MsMax));
        if (request.name.includes('add-booking')) checks.push(atMost(`${e}: mixed ${request.name} p99 ms`, request.p99Ms, BUDGETS.mixedAddBookingP99MsMax));
      }
      checks.push(atMost(`${e}: mixed errors`, result.mixed.errors, 0));
    }
    const invariants = result.invariants;
    checks.push(atMost(`${e}: oversold groups (end of run)`, invariants.oversoldGroups, 0));
    checks.push(
      atMost(
        `${e}: ledger and day-total invariants broken (end of run)`,
        invariants.receivedMismatches + invariants.paymentLedgerMismatches + invariants.chargeMismatches + invariants.balanceMismatches + invariants.dayTotalMismatches,
        0,
      ),
    );
  }
  const kb = (bytes: number) => round(bytes / 1024, 1);
  for (const route of assets ?? []) {
    if (route.route === '/signin') checks.push(atMost('initial JS /signin KB gz', kb(route.js.gzipBytes), BUDGETS.signinJsKbMax));
    if (route.route === '/dashboard') checks.push(atMost('initial JS /dashboard KB gz', kb(route.js.gzipBytes), BUDGETS.dashboardJsKbMax));
  }
  for (const run of lighthouse ?? []) {
    const label = `Lighthouse ${run.path} ${run.preset}`;
    const performanceMin = run.preset === 'desktop' ? BUDGETS.lighthousePerformanceDesktopMin : BUDGETS.lighthousePerformanceMobileMin;
    checks.push(atLeast(`${label} performance`, run.scores.performance ?? 0, performanceMin));
    checks.push(atLeast(`${label} accessibility`, run.scores.accessibility ?? 0, BUDGETS.lighthouseAccessibilityMin));
  }
  return checks;
}

function table(headers: string[], rows: Array<Array<string | number>>): string {
  const cells = [headers, ...rows.map((row) => row.map(String))];
  const widths = headers.map((_, column) => Math.max(...cells.map((row) => (row[column] ?? '').length)));
  const line = (row: string[]) => row.map((cell, column) => (column === 0 ? cell.padEnd(widths[column]!) : cell.padStart(widths[column]!))).join('  ');
  return [line(cells[0]!), widths.map((width) => '-'.repeat(width)).join('  '), ...cells.slice(1).map(line)].join('\n');
}

function loadCells(figures: LoadFigures): Array<string | number> {
  return [
    figures.requestsPerSecond,
    figures.p50Ms,
    figures.p99Ms,
    figures.maxMs,
    figures.errors,
    figures.non2xx,
    figures.serverCpuPercent ?? '-',
    figures.benchCpuPercent,
    figures.serverCpuUsPerRequest ?? '-',
  ];
}

function sequentialCells(cost: SequentialCost): Array<string | number> {
  return [cost.requests, cost.latency.p50Ms, cost.latency.p95Ms, cost.latency.p99Ms, cost.latency.maxMs, cost.errors, cost.serverCpuUsPerRequest];
}

function describeMixed(mixed: MixedFigures): string[] {
  return [
    `\nmixed workload: ${mixed.agents} agents + ${mixed.admins} admins for ${mixed.seconds} s: ${mixed.steps} steps, ${mixed.writes} writes ` +
      `(${round((100 * mixed.writes) / Math.max(1, mixed.steps), 1)} %), ${mixed.errors} errors; server CPU ${mixed.serverCpuPercent ?? '-'} %, bench CPU ${mixed.benchCpuPercent} %`,
    // server p50/p99: the server's own time (SERVER_TIMING=1, decision 057); the rest of the client's time is the
    // queue in front of the server, the network and the client. hit/wait/miss: how the read cache answered.
    table(
      ['mixed: request', 'kind', 'count', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'server p50', 'server p99', 'hit/wait/miss', `p99 after ${WARM_UP_MS / 1000} s`],
      mixed.requests.map((request) => [
        request.name,
        request.write ? 'write' : 'read',
        request.count,
        request.p50Ms,
        request.p95Ms,
        request.p99Ms,
        request.maxMs,
        request.errors,
        request.server?.p50Ms ?? '-',
        request.server?.p99Ms ?? '-',
        request.cache ? `${request.cache.hit}/${request.cache.wait}/${request.cache.miss}` : '-',
        // Older result files (before 2026-11-28) have no steady-state figure.
        request.later?.count ? request.later.p99Ms : '-',
      ]),
    ),
    ...mixed.requests.filter((item) => item.errorSample).map((request) => `  ${request.name}: first error ${request.errorSample}`),
    // Older result files have no slices.
    ...(mixed.slowBySlice ? [describeSlowBySlice(mixed.slowBySlice)] : []),
    // Decision 059: where the add-booking tail is, by the server's phases.
    ...describeBookingTail(mixed.bookings),
  ];
}

function describeInvariants(inv: Invariants): string {
  return (
    `end of run (${inv.groups} groups, ${inv.bookings} bookings): oversold groups ${inv.oversoldGroups} (${inv.oversoldSeats} seats); ` +
    `received_amount mismatches ${inv.receivedMismatches}, payment/ledger ${inv.paymentLedgerMismatches}, charges ${inv.chargeMismatches}, agent balances ${inv.balanceMismatches}, day totals ${inv.dayTotalMismatches}`
  );
}

function printReport(engines: EngineResult[], assets: RouteAssets[] | null, lighthouse: LighthouseResult[] | null, checks: BudgetCheck[]) {
  const out: string[] = [];
  for (const result of engines) {
    const w = result.workload;
    out.push(`\n== ${result.engine}: workload generated in ${w.seconds} s (${Object.entries(w.counts).map(([k, v]) => `${v} ${k}`).join(', ')})`);
    const o = result.overhead;
    out.push(
      table(
        ['HTTP load (50 connections)', 'req/s', 'p50 ms', 'p99 ms', 'max ms', 'errors', 'non-2xx', 'server CPU %', 'bench CPU %', 'server CPU µs/req'],
        [
          [`reference node:http (${o.route})`, ...loadCells(o.reference)],
          [`portal ${o.route}  ratio ${o.ratio}`, ...loadCells(o.portal)],
          ...result.reads.map((read) => [
            read.budgeted === false ? `${read.name} (no budget at 50 connections)` : read.name,
            ...loadCells(read.figures),
          ]),
        ],
      ),
    );
    out.push(describeContention(result.contention));
    out.push(
      `small route at ${o.rate} req/s for both: server CPU per request ${o.portalAtRate.serverCpuUsPerRequest} µs (portal, ${o.portalAtRate.requestsPerSecond} req/s answered) / ` +
        `${o.referenceAtRate.serverCpuUsPerRequest} µs (node:http, ${o.referenceAtRate.requestsPerSecond} req/s) = ${o.cpuRatio}`,
    );
    const costs = result.requestCosts;
    const ledger = result.ledgerReport;
    out.push(
      table(
        ['one request at a time', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'server CPU µs/req'],
        [
          ['add-booking (1 adult, passport scan)', ...sequentialCells(costs.addBooking)],
          ['search-flights LHE-JED, computed', ...sequentialCells(costs.searchFlights.cold)],
          ['search-flights LHE-JED, read cache', ...sequentialCells(costs.searchFlights.warm)],
          ...costs.insights.map((report) => [`${report.name} (admin), computed`, ...sequentialCells(report.cold)]),
          [`account-api all, busiest agent, after a posting`, ...sequentialCells(ledger.cold)],
          [`account-api all, busiest agent, read cache`, ...sequentialCells(ledger.warm)],
        ],
      ),
    );
    out.push(`account-api all of the busiest agent: ${ledger.rows} rows, JSON ${round(ledger.jsonBytes / 1024, 1)} KB, sent gzipped ${round(ledger.gzipBytes / 1024, 1)} KB`);
    if (result.mixed) out.push(...describeMixed(result.mixed));
    out.push(describeInvariants(result.invariants));
    out.push(
      `memory (RSS MiB): after start ${result.memory.afterStart.rssMiB}, after reads ${result.memory.afterReads.rssMiB} (peak ${result.memory.afterReads.peakRssMiB})`,
    );
  }
  if (assets) {
    out.push('\n== front end: initial assets (gzip -9)');
    out.push(
      table(
        ['route', 'JS files', 'JS KB', 'JS KB gz', 'CSS KB gz'],
        assets.map((route) => [route.route, route.js.files.length, round(route.js.rawBytes / 1024, 1), round(route.js.gzipBytes / 1024, 1), round(route.css.gzipBytes / 1024, 1)]),
      ),
    );
  }
  if (lighthouse) {
    out.push('\n== Lighthouse (median of runs)');
    out.push(
      table(
        ['page', 'preset', 'perf', 'a11y', 'best pr.', 'SEO', 'FCP ms', 'LCP ms', 'TBT ms', 'CLS'],
        lighthouse.map((run) => [
          run.path,
          run.preset,
          run.scores.performance ?? '-',
          run.scores.accessibility ?? '-',
          run.scores.bestPractices ?? '-',
          run.scores.seo ?? '-',
          run.metrics.fcpMs === null ? '-' : round(run.metrics.fcpMs),
          run.metrics.lcpMs === null ? '-' : round(run.metrics.lcpMs),
          run.metrics.tbtMs === null ? '-' : round(run.metrics.tbtMs),
          run.metrics.cls === null ? '-' : round(run.metrics.cls, 3),
        ]),
      ),
    );
  }
  out.push('\n== budgets');
  out.push(table(['figure', 'value', 'budget', 'met'], checks.map((check) => [check.name, check.value, check.limit, check.ok ? 'yes' : 'NO'])));
  process.stdout.write(`${out.join('\n')}\n`);
}

/** `--scenario passport-read`: only the passport-reading figures, printed and written like the full run's. */
async function mainPassportRead(): Promise<number> {
  const result = await benchPassportRead({}, log);
  const checks = passportReadChecks(result);
  const out = [
    `\n== passport-read (embedded PGlite server, ${result.scans} generated 1,500 px scans x 5 rounds)`,
    table(
      ['readings', 'first (cold) ms', 'p50 ms', 'p95 ms', 'max ms', 'failed', 'RSS before', 'peak while reading', 'after', `idle ${result.idleWaitSeconds} s later`, 'OCR child peak', 'OCR children after idle'],
      [[result.readings, result.coldMs, result.p50Ms, result.p95Ms, result.maxMs, result.failures, result.rssBeforeMiB, result.peakRssWhileReadingMiB, result.rssAfterReadingMiB, result.rssIdleAfterReadingMiB, result.ocrChildPeakRssMiB, result.ocrChildrenAfterIdle]],
    ),
    '\n== budgets',
    table(['figure', 'value', 'budget', 'met'], checks.map((check) => [check.name, check.value, check.limit, check.ok ? 'yes' : 'NO'])),
  ];
  process.stdout.write(`${out.join('\n')}\n`);
  writeResult('passport-read', { scenario: 'passport-read', passportRead: result, budgets: checks });
  return checks.every((check) => check.ok) ? 0 : 1;
}

async function readEngines(): Promise<Engine[]> {
  const engines = (args.engines ?? '').split(',').map((name) => name.trim()).filter(Boolean) as Engine[];
  for (const engine of engines) {
    if (engine !== 'pglite' && engine !== 'postgres') throw new Error(`unknown engine ${engine} (pglite, postgres)`);
  }
  if (engines.includes('postgres')) {
    const problem = await checkPostgres();
    if (problem) throw new Error(`PostgreSQL is not reachable (${problem}); set BENCH_DATABASE_URL or run with --engines pglite`);
  }
  return engines;
}

function writeResult(suffix: string, result: object): void {
  const resultsDir = path.join(ROOT_DIR, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const file = path.join(resultsDir, `${new Date().toISOString().replace(/:/g, '-').replace(/\..*$/, '')}-${suffix}.json`);
  writeFileSync(file, `${JSON.stringify({ machine: machine(), ...result }, null, 2)}\n`);
  log(`\nresults written to ${path.relative(ROOT_DIR, file)}`);
}

/** `--scenario hot-release`: only the hot group release, per engine and WORKERS count (issue 20 points 3 and 4). */
async function mainHotRelease(): Promise<number> {
  const runs = await benchHotRelease(
    {
      engines: await readEngines(),
      workers: (args.workers ?? '1').split(',').map(Number),
      scale: Number(args.scale),
      attempts: Number(args['contention-attempts']),
      agents: Number(args['contention-agents']),
      redisUrl: process.env.BENCH_REDIS_URL ?? 'redis://127.0.0.1:6379',
      warmUp: Number(args['warm-up']),
      cpuProfDir: args['cpu-prof'],
    },
    log,
  );
  const checks = hotReleaseChecks(runs);
  const out = [...describeHotRelease(runs), '\n== budgets', table(['figure', 'value', 'budget', 'met'], checks.map((check) => [check.name, check.value, check.limit, check.ok ? 'yes' : 'NO']))];
  process.stdout.write(`${out.join('\n')}\n`);
  writeResult('hot-release', { scenario: 'hot-release', options: { scale: Number(args.scale), workers: args.workers, warmUp: Number(args['warm-up']) }, runs, budgets: checks });
  return checks.every((check) => check.ok) ? 0 : 1;
}

/** `--scenario overhead`: only the small route's server CPU per request against node:http (issue 20 point 2). */
async function mainOverhead(): Promise<number> {
  const load = { connections: Number(args.connections), durationSeconds: Number(args.duration), warmupSeconds: Number(args.warmup) };
  const runs = await benchOverhead({ engines: await readEngines(), scale: Number(args.scale), load, cpuProfDir: args['cpu-prof'] }, log);
  const checks = overheadChecks(runs);
  const out = [...describeOverhead(runs), '\n== budgets', table(['figure', 'value', 'budget', 'met'], checks.map((check) => [check.name, check.value, check.limit, check.ok ? 'yes' : 'NO']))];
  process.stdout.write(`${out.join('\n')}\n`);
  writeResult('overhead', { scenario: 'overhead', options: { scale: Number(args.scale), ...load }, runs, budgets: checks });
  return checks.every((check) => check.ok) ? 0 : 1;
}

/** `--scenario mixed`: only the mixed workload (issue 20 point 1), after each read step's computed cost, per engine. */
async function mainMixed(): Promise<number> {
  const options = {
    engines: await readEngines(),
    scale: Number(args.scale),
    seconds: Number(args['mixed-duration']),
    agents: Number(args['mixed-agents']),
    admins: Number(args['mixed-admins']),
    costRequests: Number(args['cost-requests']),
    cpuProfDir: args['cpu-prof'],
  };
  const runs = await benchMixedScenario(options, log);
  const checks = mixedScenarioChecks(runs);
  const out: string[] = [];
  for (const run of runs) {
    out.push(`\n== mixed, ${run.engine} (load average before ${run.loadBefore.join(' ')}, after ${run.loadAfter.join(' ')})`);
    if (run.costs.length > 0) {
      out.push(
        table(
          ['read step computed, one at a time', 'requests', 'p50 ms', 'p95 ms', 'p99 ms', 'max ms', 'errors', 'server CPU µs/req'],
          run.costs.map(({ name, cost }) => [name, ...sequentialCells(cost)]),
        ),
      );
    }
    out.push(...describeMixed(run.mixed), describeInvariants(run.invariants));
    if (run.profile) out.push(...run.profile.lines);
  }
  out.push('\n== budgets', table(['figure', 'value', 'budget', 'met'], checks.map((check) => [check.name, check.value, check.limit, check.ok ? 'yes' : 'NO'])));
  process.stdout.write(`${out.join('\n')}\n`);
  writeResult('mixed', { scenario: 'mixed', options, runs, budgets: checks });
  return checks.every((check) => check.ok) ? 0 : 1;
}

/** `--scenario ledger-report`: only the busiest agent's `all` ledger, one request at a time (issue 20 point 5). */
async function mainLedgerReport(): Promise<number> {
  // As many computed requests as the full run makes (a quarter of --sequential-requests, at least 10).
  const options = { engines: await readEngines(), scale: Number(args.scale), count: Math.max(10, Math.round(Number(args['sequential-requests']) / 4)), cpuProfDir: args['cpu-prof'] };
  const runs = await benchLedgerReport(options, log);
  const checks = ledgerReportChecks(runs);
  const out = [...describeLedgerReport(runs), '\n== budgets', table(['figure', 'value', 'budget', 'met'], checks.map((check) => [check.name, check.value, check.limit, check.ok ? 'yes' : 'NO']))];
  process.stdout.write(`${out.join('\n')}\n`);
  writeResult('ledger-report', { scenario: 'ledger-report', options, runs, budgets: checks });
  return checks.every((check) => check.ok) ? 0 : 1;
}

async function main(): Promise<number> {
  if (args.scenario === 'overhead') return mainOverhead();
  if (args.scenario === 'ledger-report') return mainLedgerReport();
  if (args.scenario === 'passport-read') return mainPassportRead();
  if (args.scenario === 'hot-release') return mainHotRelease();
  if (args.scenario === 'mixed') return mainMixed();
  if (args.scenario !== undefined) throw new Error(`unknown scenario ${args.scenario} (passport-read, hot-release, overhead, mixed, ledger-report)`);
  const engines = await readEngines();
  const loadOptions = {
    scale: Number(args.scale),
    connections: Number(args.connections),
    durationSeconds: Number(args.duration),
    warmupSeconds: Number(args.warmup),
    contentionAttempts: Number(args['contention-attempts']),
    contentionAgents: Number(args['contention-agents']),
    readFilter: (args.reads ?? '').split(',').map((part) => part.trim()).filter(Boolean),
    mixedSeconds: Number(args['mixed-duration']),
    mixedAgents: Number(args['mixed-agents']),
    mixedAdmins: Number(args['mixed-admins']),
    sequentialRequests: Number(args['sequential-requests']),
  };

  const results: EngineResult[] = [];
  for (const engine of engines) {
    const prepared = await prepareEngine(engine, { keep: args.keep ?? false });
    try {
      results.push(await benchEngine(prepared, loadOptions, log));
    } finally {
      await prepared.dispose();
    }
  }

  const assets = args['skip-frontend'] ? null : measureInitialAssets(WEB_DIST_DIR);
  let lighthouse: LighthouseResult[] | null = null;
  if (!args['skip-frontend'] && !args['skip-lighthouse']) {
    log('Lighthouse on / and /signin, desktop and mobile ...');
    lighthouse = await lighthouseOnDemo(Number(args['lighthouse-runs']));
  }

  const checks = checksFor(results, assets, lighthouse);
  printReport(results, assets, lighthouse, checks);

  const resultsDir = path.join(ROOT_DIR, 'bench/results');
  mkdirSync(resultsDir, { recursive: true });
  const stamp = new Date().toISOString().replace(/:/g, '-').replace(/\..*$/, '');
  const file = path.join(resultsDir, `${stamp}.json`);
  const options = { ...loadOptions, engines, lighthouseRuns: Number(args['lighthouse-runs']) };
  writeFileSync(file, `${JSON.stringify({ machine: machine(), options, engines: results, frontend: { assets, lighthouse }, budgets: checks }, null, 2)}\n`);
  log(`\nresults written to ${path.relative(ROOT_DIR, file)}`);
  process.stdout.write(`${compareWithPrevious(file)}\n`);
  const missed = checks.filter((check) => !check.ok).length;
  log(missed === 0 ? 'every budget met' : `${missed} budget(s) missed`);
  return missed === 0 ? 0 : 1;
}

main().then(
  (code) => process.exit(code),
  (error: unknown) => {
    log(`bench failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
    process.exit(2);
  },
);
