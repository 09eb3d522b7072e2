import { bookOneSeat, soldSeats } from './api.js';
import { readCpuMs, round } from './processes.js';
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
  const serverCpuBefore = options.serverPid === undefined ? null : readCpuMs(options.serverPid);
  const benchCpuBefore = process.cpuUsage();
  const started = performance.now();
  const results = await Promise.all(
    Array.from({ length: attempts }, (_, number) =>
      bookOneSeat(baseUrl, agentTokens[number % agentTokens.length]!, pnr, number),
    ),
  );
  const wallMs = performance.now() - started;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const serverCpuPercent =
    serverCpuBefore === null || options.serverPid === undefined ? null : round((100 * (readCpuMs(options.serverPid) - serverCpuBefore)) / wallMs);
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
    serverCpuPercent,
    benchCpuPercent: round((100 * (benchCpu.user + benchCpu.system)) / 1000 / wallMs),
  };
}
