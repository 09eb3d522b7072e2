import type { WorkloadInvariants } from '../../apps/server/src/db/workload/workload-invariants.js';
import path from 'node:path';
import { bearer, signIn } from './api.js';
import { BROWSER_HEADERS } from './client.js';
import { measureContention, type ContentionFigures } from './contention.js';
import type { PreparedEngine } from './engines.js';
import { measureLoad, type LoadFigures, type LoadRequest } from './load.js';
import { runMixedWorkload, type MixedFigures } from './mixed-workload.js';
import { measureLedgerReport, measureRequestCosts, type LedgerReportFigures, type RequestCosts } from './request-costs.js';
import {
  freePort,
  readMemory,
  round,
  runNodeScript,
  SERVER_MAIN,
  SERVER_NODE_ARGS,
  startNodeProcess,
  waitUntilIdle,
  WORKLOAD_CHECK_MAIN,
  WORKLOAD_MAIN,
  type RunningProcess,
} from './processes.js';

export const ADMIN = { email: 'admin@example.com', password: 'Admin@12345' };
export const AGENT_PASSWORD = 'Agent@12345';
/** agent01@bench.example ... (the workload generator's getWorkloadAgentEmail; agent01 is the busiest). */
const agentEmail = (rank: number) => `agent${String(rank).padStart(2, '0')}@bench.example`;

/** What the workload generator (apps/server/src/db/workload) prints as its one JSON line. */
export interface WorkloadReport {
  engine: string;
  seconds: number;
  counts: Record<string, number>;
  busyAgentEmail: string;
  contentionGroupId: number;
}

export interface LoadOptions {
  scale: number;
  connections: number;
  durationSeconds: number;
  warmupSeconds: number;
  contentionAttempts: number;
  contentionAgents: number;
  /** Only the read scenarios whose name contains one of these (all when empty). */
  readFilter?: string[];
  /** Issue 20 point 1: the mixed workload's length (0 skips it), agents and admins. */
  mixedSeconds: number;
  mixedAgents: number;
  mixedAdmins: number;
  /** Issue 20 points 2 and 5: requests sent one after another for each CPU and single-request figure. */
  sequentialRequests: number;
}

/** The counts of apps/server/src/db/workload/workload-invariants.ts after the run (0 is the pass, groups and bookings aside). */
export type Invariants = WorkloadInvariants;

export interface EngineResult {
  engine: string;
  workload: WorkloadReport;
  memory: { afterStart: ReturnType<typeof readMemory>; afterReads: ReturnType<typeof readMemory> };
  overhead: {
    route: string;
    /** Flat out, 50 connections. */
    reference: LoadFigures;
    portal: LoadFigures;
    ratio: number;
    /** The same route at `rate` requests/s for both, for the CPU per request. */
    rate: number;
    referenceAtRate: LoadFigures;
    portalAtRate: LoadFigures;
    cpuRatio: number;
  };
  /** `budgeted: false`: reported at 50 connections, its p99 held to a budget elsewhere (the busiest ledger, issue 20 point 5). */
  reads: Array<{ name: string; figures: LoadFigures; budgeted?: boolean }>;
  contention: ContentionFigures;
  requestCosts: RequestCosts;
  ledgerReport: LedgerReportFigures;
  mixed: MixedFigures | null;
  /** Read from the database after the server stopped, so after every write of the run. */
  invariants: Invariants;
}

export const CONTENTION_PNR = 'BENCHLOCK';
export const CONTENTION_SEATS = 150;

/** Environment for a child process: the parent's, with these values set and `undefined` ones removed. */
export function childEnv(values: Record<string, string | undefined>): Record<string, string> {
  const env: Record<string, string | undefined> = { ...process.env, ...values };
  return Object.fromEntries(Object.entries(env).filter((entry): entry is [string, string] => entry[1] !== undefined));
}

/** The environment the portal runs with in the bench: its own DATA_DIR and database, quiet logs, no demo seed. */
export function serverEnv(prepared: PreparedEngine, port: number, extra: Record<string, string | undefined> = {}) {
  return childEnv({
    PORT: String(port),
    HOST: '127.0.0.1',
    DATA_DIR: prepared.dataDir,
    DATABASE_URL: prepared.databaseUrl,
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    SEED_DEMO: '0',
    LOG_LEVEL: 'warn',
    REDIS_URL: undefined,
    SMTP_URL: undefined,
    NODE_ENV: 'production',
    ...extra,
  });
}

export async function generateWorkload(prepared: PreparedEngine, scale: number): Promise<WorkloadReport> {
  const stdout = await runNodeScript(
    WORKLOAD_MAIN,
    childEnv({ DATA_DIR: prepared.dataDir, DATABASE_URL: prepared.databaseUrl, WORKLOAD_SCALE: String(scale) }),
  );
  const line = stdout.trim().split('\n').at(-1) ?? '';
  return JSON.parse(line) as WorkloadReport;
}

/** The answer of one request as bytes and headers, to make the reference server send the very same. */
async function captureResponse(url: string, headers: Record<string, string>) {
  const response = await fetch(url, { headers });
  const body = await response.text();
  const kept: Record<string, string> = {};
  response.headers.forEach((value, name) => {
    if (!['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(name)) kept[name] = value;
  });
  return { status: response.status, headers: kept, body };
}

export async function measureOverhead(
  server: RunningProcess,
  token: string,
  options: Pick<LoadOptions, 'connections' | 'durationSeconds' | 'warmupSeconds'>,
) {
  const route = '/api/unread-notifications-count';
  const request: LoadRequest = { method: 'GET', path: route, headers: bearer(token) };
  const captured = await captureResponse(server.baseUrl + route, bearer(token));
  if (captured.status !== 200) throw new Error(`${route} answered ${captured.status}: ${captured.body}`);
  const port = await freePort();
  const reference = await startNodeProcess({
    script: path.join(import.meta.dirname, 'reference-server.ts'),
    nodeArgs: ['--import', 'tsx'],
    env: childEnv({ PORT: String(port), REFERENCE_RESPONSE: JSON.stringify(captured) }),
    port,
    healthPath: '/',
  });
  const loadOptions = { connections: options.connections, durationSeconds: options.durationSeconds, warmupSeconds: options.warmupSeconds };
  try {
    const referenceFigures = await measureLoad(reference.baseUrl, request, { ...loadOptions, serverPid: reference.child.pid });
    const portalFigures = await measureLoad(server.baseUrl, request, { ...loadOptions, serverPid: server.child.pid });
    // Issue 20 point 2: CPU per request from each server process's own clock, both sent the same request rate (half
    // what the portal reached flat out): a server answering more requests per wake-up spends less CPU on each, so
    // CPU per request compared at two different rates would favour the faster one.
    const rate = Math.max(50, Math.round(portalFigures.requestsPerSecond / 2));
    const referenceAtRate = await measureLoad(reference.baseUrl, request, { ...loadOptions, serverPid: reference.child.pid, overallRate: rate });
    const portalAtRate = await measureLoad(server.baseUrl, request, { ...loadOptions, serverPid: server.child.pid, overallRate: rate });
    return {
      route: `GET ${route}`,
      reference: referenceFigures,
      portal: portalFigures,
      ratio: round(portalFigures.requestsPerSecond / referenceFigures.requestsPerSecond, 2),
      rate,
      referenceAtRate,
      portalAtRate,
      cpuRatio: round((portalAtRate.serverCpuUsPerRequest ?? Infinity) / (referenceAtRate.serverCpuUsPerRequest ?? Infinity), 2),
    };
  } finally {
    await reference.stop();
  }
}

function todayInKarachi(): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date());
}

/** The read scenarios of issue 8, each as its screen calls it (from a browser). */
function readScenarios(adminToken: string, busyAgentToken: string): Array<{ name: string; request: LoadRequest; budgeted?: boolean }> {
  return withHeaders(BROWSER_HEADERS, [
    { name: 'listofbookings?page=1 (admin)', request: { method: 'GET', path: '/api/listofbookings?page=1', headers: bearer(adminToken) } },
    { name: 'agnetlistofbookings (busy agent)', request: { method: 'GET', path: '/api/agnetlistofbookings?page=1', headers: bearer(busyAgentToken) } },
    {
      name: 'search-flights LHE-JED (agent)',
      request: {
        method: 'POST',
        path: '/api/search-flights',
        headers: bearer(busyAgentToken),
        json: { departure: 'LHE', arrival: 'JED', date: todayInKarachi() },
      },
    },
    { name: 'available-sector (visitor)', request: { method: 'GET', path: '/api/available-sector' } },
    { name: 'dashboardsummary (admin)', request: { method: 'GET', path: '/api/dashboardsummary', headers: bearer(adminToken) } },
    // Issue 20 point 5: its budget is one request at a time (ledger-report.ts, decision 042). 50 connections asking for
    // 2.4 MB each wait in turn for one another, so their p99 is about 50 times one answer: reported, not budgeted.
    {
      name: 'account-api all (busy agent)',
      request: { method: 'POST', path: '/api/account-api', headers: bearer(busyAgentToken), json: { type: 'all' } },
      budgeted: false,
    },
    // Issue 19 point 4 (decision 034): the insights' aggregates, as the General Report and the dashboard ask for them.
    { name: 'insights/sales-receipts (admin)', request: { method: 'GET', path: '/api/insights/sales-receipts', headers: bearer(adminToken) } },
    { name: 'insights/seats-by-sector (admin)', request: { method: 'GET', path: '/api/insights/seats-by-sector', headers: bearer(adminToken) } },
    { name: 'insights/receivables-by-age (admin)', request: { method: 'GET', path: '/api/insights/receivables-by-age', headers: bearer(adminToken) } },
  ]);
}

function withHeaders<T extends { request: LoadRequest }>(headers: Record<string, string>, scenarios: T[]): T[] {
  return scenarios.map((scenario) => ({ ...scenario, request: { ...scenario.request, headers: { ...headers, ...scenario.request.headers } } }));
}

/**
 * One session per agent for a server's whole run (login is rate-limited per IP, PRODUCT §4: 100 in 15 minutes):
 * the returned function signs an agent in the first time and gives the same token after.
 */
export function agentSessions(baseUrl: string): (email: string) => Promise<string> {
  const tokens = new Map<string, string>();
  return async (email) => {
    const token = tokens.get(email) ?? (await signIn(baseUrl, email, AGENT_PASSWORD));
    tokens.set(email, token);
    return token;
  };
}

/** The hot release's agents: spread over several (never the busy agent 1), each signed in through `tokenOf`. */
export async function signInContentionAgents(workload: WorkloadReport, wanted: number, tokenOf: (email: string) => Promise<string>): Promise<string[]> {
  const tokens: string[] = [];
  const agents = Math.max(1, Math.min(wanted, (workload.counts.agents ?? 2) - 1));
  for (let rank = 2; rank < 2 + agents; rank++) tokens.push(await tokenOf(agentEmail(rank)));
  return tokens;
}

/** The hot release on the workload's contention group (measureContention). */
export async function measureGroupContention(options: {
  server: RunningProcess;
  workload: WorkloadReport;
  agentTokens: readonly string[];
  adminToken: string;
  attempts: number;
}): Promise<ContentionFigures> {
  return measureContention({
    baseUrl: options.server.baseUrl,
    agentTokens: options.agentTokens,
    adminToken: options.adminToken,
    groupId: options.workload.contentionGroupId,
    pnr: CONTENTION_PNR,
    seats: CONTENTION_SEATS,
    attempts: options.attempts,
    serverPid: options.server.child.pid,
  });
}

/** Generates the workload, starts one server process on it and runs every HTTP measurement. */
export async function benchEngine(prepared: PreparedEngine, options: LoadOptions, log: (line: string) => void): Promise<EngineResult> {
  log(`[${prepared.engine}] generating the workload (scale ${options.scale}) ...`);
  const workload = await generateWorkload(prepared, options.scale);
  log(`[${prepared.engine}] generated in ${workload.seconds} s: ${JSON.stringify(workload.counts)}`);

  const port = await freePort();
  const server = await startNodeProcess({
    script: SERVER_MAIN,
    nodeArgs: SERVER_NODE_ARGS,
    env: serverEnv(prepared, port),
    port,
    healthPath: '/api/health',
  });
  let base: Omit<EngineResult, 'invariants'>;
  const tokenOf = agentSessions(server.baseUrl);
  try {
    await new Promise((resolve) => setTimeout(resolve, 1_000));
    log(`[${prepared.engine}] the server's start-up work done ${await waitUntilIdle(server.child.pid!)} ms after that`);
    const afterStart = readMemory(server.child.pid!);
    const adminToken = await signIn(server.baseUrl, ADMIN.email, ADMIN.password);
    const busyAgentToken = await tokenOf(workload.busyAgentEmail);

    log(`[${prepared.engine}] overhead ...`);
    const overhead = await measureOverhead(server, adminToken, options);

    const reads: EngineResult['reads'] = [];
    const filter = options.readFilter ?? [];
    const scenarios = readScenarios(adminToken, busyAgentToken).filter((scenario) => filter.length === 0 || filter.some((part) => scenario.name.includes(part)));
    for (const scenario of scenarios) {
      log(`[${prepared.engine}] ${scenario.name} ...`);
      const figures = await measureLoad(server.baseUrl, scenario.request, {
        connections: options.connections,
        durationSeconds: options.durationSeconds,
        warmupSeconds: options.warmupSeconds,
        serverPid: server.child.pid,
      });
      reads.push({ name: scenario.name, figures, ...(scenario.budgeted === false ? { budgeted: false } : {}) });
      log(`[${prepared.engine}] ${scenario.name}: ${figures.requestsPerSecond} req/s, p50 ${figures.p50Ms} ms, p99 ${figures.p99Ms} ms, max ${figures.maxMs} ms, errors ${figures.errors}, non-2xx ${figures.non2xx}`);
    }
    const afterReads = readMemory(server.child.pid!);

    log(`[${prepared.engine}] contention: ${options.contentionAttempts} bookings on ${CONTENTION_SEATS} seats ...`);
    const agentTokens = await signInContentionAgents(workload, options.contentionAgents, tokenOf);
    const contention = await measureGroupContention({ server, workload, agentTokens, adminToken, attempts: options.contentionAttempts });

    const serverPid = server.child.pid!;
    log(`[${prepared.engine}] CPU per add-booking, per search-flights and per insights report (${options.sequentialRequests} requests each, one at a time) ...`);
    const requestCosts = await measureRequestCosts({ baseUrl: server.baseUrl, serverPid, agentTokens, adminToken, count: options.sequentialRequests });
    log(`[${prepared.engine}] account-api all of the busiest agent, one request at a time ...`);
    const ledgerReport = await measureLedgerReport({ baseUrl: server.baseUrl, serverPid, token: busyAgentToken, adminToken, count: Math.max(10, Math.round(options.sequentialRequests / 4)) });

    let mixed: MixedFigures | null = null;
    if (options.mixedSeconds > 0) {
      const agents = Math.min(options.mixedAgents, workload.counts.agents ?? 1);
      log(`[${prepared.engine}] mixed workload: ${agents} agents and ${options.mixedAdmins} admins for ${options.mixedSeconds} s ...`);
      const mixedAgentTokens: string[] = [];
      for (let rank = 1; rank <= agents; rank++) mixedAgentTokens.push(await tokenOf(agentEmail(rank)));
      // Each admin signs in for a session of their own, as two people at two desks do.
      const adminTokens: string[] = [];
      for (let admin = 0; admin < options.mixedAdmins; admin++) adminTokens.push(await signIn(server.baseUrl, ADMIN.email, ADMIN.password));
      mixed = await runMixedWorkload({ baseUrl: server.baseUrl, agentTokens: mixedAgentTokens, adminTokens, seconds: options.mixedSeconds, serverPid });
      log(`[${prepared.engine}] mixed: ${mixed.steps} steps, ${mixed.writes} writes, ${mixed.errors} errors`);
    }
    base = { engine: prepared.engine, workload, memory: { afterStart, afterReads }, overhead, reads, contention, requestCosts, ledgerReport, mixed };
  } catch (error) {
    log(`[${prepared.engine}] server output:\n${server.output()}`);
    throw error;
  } finally {
    await server.stop();
  }
  // After the server stopped: the embedded database is open in one process only.
  log(`[${prepared.engine}] checking seats and ledger invariants ...`);
  return { ...base, invariants: await checkInvariants(prepared) };
}

/** workload-check-main.js on the engine's database: the invariants after every write of the run. */
export async function checkInvariants(prepared: PreparedEngine): Promise<Invariants> {
  const stdout = await runNodeScript(WORKLOAD_CHECK_MAIN, childEnv({ DATA_DIR: prepared.dataDir, DATABASE_URL: prepared.databaseUrl }));
  return JSON.parse(stdout.trim().split('\n').at(-1) ?? '') as Invariants;
}
