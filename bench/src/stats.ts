/** Latency figures the bench computes itself (autocannon computes its own): one way, used by every scenario. */
import { round } from './processes.js';

/** The nearest-rank percentile of ascending `sorted` values (p in 0..100); NaN when there are none. */
export function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return Number.NaN;
  const index = Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1);
  return sorted[Math.max(0, index)]!;
}

export interface LatencySummary {
  count: number;
  p50Ms: number;
  p95Ms: number;
  p99Ms: number;
  maxMs: number;
}

/** p50/p95/p99/max of latencies in ms, in any order, rounded to 0.1 ms; Infinity for none (nothing answered is not fast). */
export function summarizeLatencies(latencies: readonly number[]): LatencySummary {
  const sorted = latencies.filter(Number.isFinite).sort((a, b) => a - b);
  if (sorted.length === 0) return { count: 0, p50Ms: Infinity, p95Ms: Infinity, p99Ms: Infinity, maxMs: Infinity };
  return {
    count: sorted.length,
    p50Ms: round(percentile(sorted, 50), 1),
    p95Ms: round(percentile(sorted, 95), 1),
    p99Ms: round(percentile(sorted, 99), 1),
    maxMs: round(sorted.at(-1)!, 1),
  };
}

/** What a server started with SERVER_TIMING=1 says of an answer (decision 057): its own time and the read cache's say. */
export interface ServerTiming {
  /** From the request's arrival to its answer leaving the server, ms. */
  serverMs: number;
  /** 'hit', 'wait' or 'miss' for reads the read cache keeps; null for the rest (writes, documents). */
  cache: string | null;
  /** The request's phases in ms, in the server's order (decision 059: add-booking's `admit`, `image`, `lock`...); empty when it states none. */
  phases: Record<string, number>;
}

/** The portal's `Server-Timing` header (`cache;desc=hit, app;dur=1.2`, `recv;dur=0.8, …, app;dur=20.1`); null when the server does not send it. */
export function parseServerTiming(header: string | null): ServerTiming | null {
  if (header === null) return null;
  let serverMs: number | undefined;
  let cache: string | null = null;
  const phases: Record<string, number> = {};
  for (const item of header.split(',')) {
    const metric = /^\s*([\w-]+)(?:;desc=(\w+))?(?:;dur=([\d.]+))?\s*$/.exec(item);
    if (!metric) continue;
    const [, name, desc, dur] = metric;
    if (name === 'cache' && desc !== undefined) cache = desc;
    else if (name === 'app' && dur !== undefined) serverMs = Number(dur);
    else if (dur !== undefined) phases[name!] = Number(dur);
  }
  return serverMs === undefined ? null : { serverMs, cache, phases };
}
