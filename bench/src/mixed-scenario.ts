/**
 * The mixed workload alone (issue 20 point 1): `npm run bench -- --scenario mixed [--engines pglite] [--cpu-prof dir]`.
 * For each engine: a fresh workload, one server, then
 *  1. what each read step of the mixed workload costs when computed (the read cache missed: `?bench=N`, a query the
 *     routes ignore and the cache keys on; the ledger after a real posting instead, as the ledger store answers a
 *     repeated `?bench=N` from memory: decision 050), one request at a time, server CPU per request from /proc;
 *  2. the mixed workload itself (mixed-workload.ts), with the machine's load average before and after;
 *  3. the seats and ledger invariants after the run.
 * With `--cpu-prof` the server runs under `node --cpu-prof` and the mixed workload's seconds are summarised (cpu-profile.ts).
 */
import os from 'node:os';
import { signIn } from './api.js';
import { atMost, BUDGETS, type BudgetCheck } from './budgets.js';
import type { ProfileSummary } from './cpu-profile.js';
import type { Engine } from './engines.js';
import { ADMIN, agentSessions, checkInvariants, type Invariants, type WorkloadReport } from './http-bench.js';
import { getInit, postJsonInit, runMixedWorkload, type MixedFigures } from './mixed-workload.js';
import { round } from './processes.js';
import { withScenarioServer } from './scenario-server.js';
import { ledgerPosting, measureSequential, timedFetch, type SequentialCost } from './request-costs.js';
import type { BenchRequest } from './client.js';

export interface MixedScenarioRun {
  engine: Engine;
  workload: WorkloadReport;
  /** Each read step computed, one request at a time. */
  costs: Array<{ name: string; cost: SequentialCost }>;
  loadBefore: number[];
  loadAfter: number[];
  mixed: MixedFigures;
  invariants: Invariants;
  profile: ProfileSummary | null;
}

export interface MixedScenarioOptions {
  engines: Engine[];
  scale: number;
  seconds: number;
  agents: number;
  admins: number;
  /** Requests per read step for the computed costs (0 skips them). */
  costRequests: number;
  cpuProfDir?: string | undefined;
}

const agentEmail = (rank: number) => `agent${String(rank).padStart(2, '0')}@bench.example`;
const loadAverage = () => os.loadavg().map((value) => round(value, 1));

/** The read steps of mixed-workload.ts, each computed `count` times (a new `bench` query each time). */
async function measureStepCosts(baseUrl: string, serverPid: number, agentToken: string, adminToken: string, count: number) {
  const api = (route: string) => `${baseUrl}/api${route}`;
  const post = postJsonInit;
  const get = getInit;
  const sectorsAnswer = await timedFetch(api('/available-sector'), get(agentToken));
  const offered = JSON.parse(sectorsAnswer.text) as { mysectors: Array<{ id: number }>; tickets: Array<{ sector: string }> };
  const [departure, arrival] = offered.tickets[0]!.sector.split(' - ');
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date());
  const own = JSON.parse((await timedFetch(api('/agnetlistofbookings?page=1'), get(agentToken))).text) as { data?: { data?: Array<{ id: number }> } };
  const bookingId = own.data?.data?.[0]?.id;
  const ledger = await timedFetch(api('/account-api'), post(agentToken, { type: 'all' }));
  // The ledger is measured after a real posting each time, with no `bench` query (decision 050).
  const ledgerPost = ledgerPosting(baseUrl, adminToken, ledger.text);
  const steps: Array<{ name: string; url: string; init: BenchRequest; join: '?' | '&'; before?: () => Promise<void> }> = [
    { name: 'search', url: api('/search-flights'), init: post(agentToken, { departure, arrival, date: today }), join: '?' },
    { name: 'ticket list', url: api('/pnr-respect-to-mysector-user'), init: post(agentToken, { my_sector_id: offered.mysectors[0]!.id }), join: '?' },
    { name: 'own bookings', url: api('/agnetlistofbookings?page=1'), init: get(agentToken), join: '&' },
    { name: 'ledger (after a posting)', url: api('/account-api'), init: post(agentToken, { type: 'all' }), join: '?', before: ledgerPost },
    { name: 'notifications', url: api('/listofnotification?page=1'), init: get(agentToken), join: '&' },
    { name: 'notifications (admin)', url: api('/listofnotification?page=1'), init: get(adminToken), join: '&' },
    { name: 'dashboard summary', url: api('/dashboardsummary'), init: get(adminToken), join: '?' },
    { name: 'all bookings', url: api('/listofbookings?page=1'), init: get(adminToken), join: '&' },
    ...(bookingId === undefined ? [] : [{ name: 'booking-edit-detail', url: api('/booking-edit-detail'), init: post(agentToken, { booking_id: bookingId }), join: '?' as const }]),
    { name: 'insights/sales-receipts', url: api('/insights/sales-receipts'), init: get(adminToken), join: '?' },
    { name: 'insights/seats-by-sector', url: api('/insights/seats-by-sector'), init: get(adminToken), join: '?' },
    // Kept per agent (decision 054): computed after a posting to one agent's ledger.
    { name: 'insights/receivables-by-age (after a posting)', url: api('/insights/receivables-by-age'), init: get(adminToken), join: '?', before: ledgerPost },
  ];
  const costs: MixedScenarioRun['costs'] = [];
  for (const step of steps) {
    const probe = await timedFetch(`${step.url}${step.join}bench=probe`, step.init);
    if (probe.status !== 200) throw new Error(`${step.name} answered ${probe.status}: ${probe.text.slice(0, 300)}`);
    const cost = step.before
      ? await measureSequential(serverPid, count, () => timedFetch(step.url, step.init), { before: step.before })
      : await measureSequential(serverPid, count, (index) => timedFetch(`${step.url}${step.join}bench=${Date.now()}-${index}`, step.init));
    costs.push({ name: step.name, cost });
  }
  return costs;
}

async function runOnce(engine: Engine, options: MixedScenarioOptions, log: (line: string) => void): Promise<MixedScenarioRun> {
  const label = `[${engine}]`;
  const { result, after, profile } = await withScenarioServer(
    {
      engine,
      scale: options.scale,
      label,
      cpuProfDir: options.cpuProfDir,
      profileName: 'mixed',
      profileTop: 40,
      // The server says its own time and the read cache's outcome on each answer (decision 057).
      env: { SERVER_TIMING: '1' },
    },
    log,
    async ({ workload, server, window }) => {
      const tokenOf = agentSessions(server.baseUrl);
      const agentTokens: string[] = [];
      for (let rank = 1; rank <= Math.min(options.agents, workload.counts.agents ?? 1); rank++) agentTokens.push(await tokenOf(agentEmail(rank)));
      const adminTokens: string[] = [];
      for (let admin = 0; admin < options.admins; admin++) adminTokens.push(await signIn(server.baseUrl, ADMIN.email, ADMIN.password));
      const serverPid = server.child.pid!;
      let costs: MixedScenarioRun['costs'] = [];
      if (options.costRequests > 0) {
        log(`${label} each read step computed, ${options.costRequests} requests one at a time ...`);
        // agent02: an ordinary agent (agent01 is the busiest, measured on its own in the full run).
        costs = await measureStepCosts(server.baseUrl, serverPid, agentTokens[1] ?? agentTokens[0]!, adminTokens[0]!, options.costRequests);
      }
      const loadBefore = loadAverage();
      log(`${label} mixed workload: ${agentTokens.length} agents and ${adminTokens.length} admins for ${options.seconds} s (load average ${loadBefore.join(' ')}) ...`);
      window.start();
      const mixed = await runMixedWorkload({ baseUrl: server.baseUrl, agentTokens, adminTokens, seconds: options.seconds, serverPid });
      window.end();
      return { engine, workload, costs, loadBefore, loadAfter: loadAverage(), mixed };
    },
    async (prepared) => {
      log(`${label} checking seats and ledger invariants ...`);
      return checkInvariants(prepared);
    },
  );
  return { ...result, invariants: after!, profile };
}

export async function benchMixedScenario(options: MixedScenarioOptions, log: (line: string) => void): Promise<MixedScenarioRun[]> {
  const runs: MixedScenarioRun[] = [];
  for (const engine of options.engines) runs.push(await runOnce(engine, options, log));
  return runs;
}

export function mixedScenarioChecks(runs: readonly MixedScenarioRun[]): BudgetCheck[] {
  return runs.flatMap((run) => {
    const e = run.engine;
    const inv = run.invariants;
    return [
      ...run.mixed.requests.flatMap((request) => [
        ...(request.write ? [] : [atMost(`${e}: mixed ${request.name} p99 ms`, request.p99Ms, BUDGETS.readP99MsMax)]),
        ...(request.name.includes('add-booking') ? [atMost(`${e}: mixed ${request.name} p99 ms`, request.p99Ms, BUDGETS.mixedAddBookingP99MsMax)] : []),
      ]),
      atMost(`${e}: mixed errors`, run.mixed.errors, 0),
      atMost(`${e}: oversold groups (end of run)`, inv.oversoldGroups, 0),
      atMost(`${e}: ledger and day-total invariants broken (end of run)`, inv.receivedMismatches + inv.paymentLedgerMismatches + inv.chargeMismatches + inv.balanceMismatches + inv.dayTotalMismatches, 0),
    ];
  });
}
