import { bookOneSeat, cancelBooking, soldSeats } from './api.js';
import { atLeast, atMost, BUDGETS, type BudgetCheck } from './budgets.js';
import type { Engine } from './engines.js';
import { readTreeCpuMs, round } from './processes.js';
import { percentile } from './stats.js';

export interface ContentionFigures {
  attempts: number;
  seats: number;
  /** 200 answers: seats sold. */
  successes: number;
  /** 409 answers: 'no seats left' (or a stale fare), the expected refusal. */
  refused: number;
  /** Anything else (5xx, 4xx other than 409, network errors). */
  errors: number;
  /** Seats sold beyond the group's seats, read back through the admin's editgroup: must be 0. */
  oversold: number;
  soldAfter: number;
  p50Ms: number;
  p99Ms: number;
  wallMs: number;
  /** Share of one core the server used while the bookings ran (100 = one core; see LoadFigures). */
  serverCpuPercent: number | null;
  /** The same for the bench process (the 200 uploads are built and sent from it). PostgreSQL is not measured. */
  benchCpuPercent: number;
  /**
   * CPU time the server spent per booking attempted (issue 20 point 3: budget 2 ms): its user + system time from
   * /proc over the run (all its threads, and its workers with WORKERS=N), divided by the attempts. Unlike the
   * latencies it hardly depends on what else the machine is doing.
   */
  serverCpuMsPerBooking: number | null;
  /**
   * The same for the JavaScript thread alone (the main thread of the server, or of each worker): what issue 20 point 3
   * budgets (2 ms). The process figure adds V8's garbage collection helpers and libuv's pool (sharp, files), whose
   * helpers also spin while they wait for a core on a loaded machine.
   */
  serverThreadCpuMsPerBooking: number | null;
}

/**
 * A server that has just started runs its first requests in V8's interpreter, loads modules lazily and opens its
 * database connections: its first hot release costs several times the CPU of the next. A release on a server that has
 * run for a while is the case to measure, so `count` bookings of the group are made (`batch` at a time, passports of
 * their own) and cancelled by the admin before the measured run: the group is back to all seats free.
 */
export async function warmUpBookings(options: {
  baseUrl: string;
  agentTokens: readonly string[];
  adminToken: string;
  pnr: string;
  count: number;
  batch?: number;
}): Promise<void> {
  const { baseUrl, agentTokens, adminToken, pnr, count, batch = 20 } = options;
  for (let first = 0; first < count; first += batch) {
    const numbers = Array.from({ length: Math.min(batch, count - first) }, (_, index) => 500_000 + first + index);
    const made = await Promise.all(numbers.map((number) => bookOneSeat(baseUrl, agentTokens[number % agentTokens.length]!, pnr, number)));
    for (const booking of made) {
      if (booking.id === undefined) throw new Error(`a warm-up booking answered ${booking.status}: ${booking.error ?? 'no id'}`);
      await cancelBooking(baseUrl, adminToken, booking.id);
    }
  }
}

/**
 * `attempts` single-seat bookings fired at once against one group of `seats` seats, spread over the
 * agents' tokens: exactly `seats` must succeed, the rest must be refused with 409, and nothing oversold.
 */
export async function measureContention(options: {
  baseUrl: string;
  agentTokens: readonly string[];
  adminToken: string;
  groupId: number;
  pnr: string;
  seats: number;
  attempts: number;
  serverPid?: number | undefined;
}): Promise<ContentionFigures> {
  const { baseUrl, agentTokens, adminToken, groupId, pnr, seats, attempts } = options;
  const before = await soldSeats(baseUrl, adminToken, groupId);
  if (before.sold !== 0 || before.total !== seats) {
    throw new Error(`${pnr} should have ${seats} free seats before the run; it has ${before.total - before.sold}`);
  }
  const serverCpuBefore = options.serverPid === undefined ? null : readTreeCpuMs(options.serverPid);
  const threadCpuBefore = options.serverPid === undefined ? null : readTreeCpuMs(options.serverPid, { mainThreads: true });
  const benchCpuBefore = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: attempts }, (_, number) =>
      bookOneSeat(baseUrl, agentTokens[number % agentTokens.length]!, pnr, number),
    ),
  );
  const wallMs = performance.now() - started;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const serverCpuMs = serverCpuBefore === null || options.serverPid === undefined ? null : readTreeCpuMs(options.serverPid) - serverCpuBefore;
  const threadCpuMs =
    threadCpuBefore === null || options.serverPid === undefined ? null : readTreeCpuMs(options.serverPid, { mainThreads: true }) - threadCpuBefore;
  const successes = results.filter((result) => result.status === 200 || result.status === 201).length;
  const refused = results.filter((result) => result.status === 409).length;
  const after = await soldSeats(baseUrl, adminToken, groupId);
  const latencies = results.map((result) => result.ms).filter(Number.isFinite).sort((a, b) => a - b);
  return {
    attempts,
    seats,
    successes,
    refused,
    errors: attempts - successes - refused,
    oversold: Math.max(0, after.sold - seats, successes - seats),
    soldAfter: after.sold,
    p50Ms: round(percentile(latencies, 50), 1),
    p99Ms: round(percentile(latencies, 99), 1),
    wallMs: round(wallMs),
    serverCpuPercent: serverCpuMs === null ? null : round((100 * serverCpuMs) / wallMs),
    serverCpuMsPerBooking: serverCpuMs === null ? null : round(serverCpuMs / attempts, 2),
    serverThreadCpuMsPerBooking: threadCpuMs === null ? null : round(threadCpuMs / attempts, 2),
    benchCpuPercent: round((100 * (benchCpu.user + benchCpu.system)) / 1000 / wallMs),
  };
}

/** The hot release's budgets (issue 8, issue 20 point 3): every seat sold, the rest refused, none oversold, p99 and CPU. */
export function contentionChecks(label: string, engine: Engine, c: ContentionFigures): BudgetCheck[] {
  const checks = [
    atMost(`${label}: contention p99 ms`, c.p99Ms, BUDGETS.contentionP99MsMax[engine]),
    atMost(`${label}: contention oversold`, c.oversold, 0),
    atLeast(`${label}: contention successes = seats`, c.successes, c.seats),
    atMost(`${label}: contention errors`, c.errors, 0),
  ];
  if (c.serverThreadCpuMsPerBooking !== null) {
    checks.push(atMost(`${label}: contention JS thread CPU ms per booking`, c.serverThreadCpuMsPerBooking, BUDGETS.contentionCpuMsPerBookingMax));
  }
  return checks;
}

/** One line of the report for a hot-release run. */
export function describeContention(c: ContentionFigures): string {
  return (
    `contention: ${c.attempts} single-seat bookings on ${c.seats} seats: ${c.successes} booked, ${c.refused} refused (409), ` +
    `${c.errors} errors, sold ${c.soldAfter}, oversold ${c.oversold}; p50 ${c.p50Ms} ms, p99 ${c.p99Ms} ms, all done in ${c.wallMs} ms; ` +
    `server CPU ${c.serverCpuPercent ?? '-'} % = ${c.serverCpuMsPerBooking ?? '-'} ms per booking, of which its JavaScript ` +
    `thread(s) ${c.serverThreadCpuMsPerBooking ?? '-'} ms (budget ${BUDGETS.contentionCpuMsPerBookingMax}), bench CPU ${c.benchCpuPercent} %`
  );
}
