import autocannon from 'autocannon';
import { readCpuMs, round } from './processes.js';

export interface LoadRequest {
  method: 'GET' | 'POST';
  path: string;
  headers?: Record<string, string>;
  /** JSON body for POST. */
  json?: unknown;
}

export interface LoadFigures {
  requestsPerSecond: number;
  p50Ms: number;
  p99Ms: number;
  maxMs: number;
  requests: number;
  /** Socket errors and timeouts. */
  errors: number;
  /** Answers other than 2xx (an error for every read scenario here). */
  non2xx: number;
  /**
   * Share of one core the server and this load generator used during the measured run (100 = one core).
   * A generator near 100 while the server is well below means the figure measures the generator.
   */
  serverCpuPercent: number | null;
  benchCpuPercent: number;
  /** Server CPU time over the measured run divided by the requests answered, in µs (issue 20 point 2). */
  serverCpuUsPerRequest: number | null;
}

/**
 * One autocannon run against `baseUrl`, after a short warm-up at the same load (JIT, caches, connection
 * pools), so that the figures describe the steady state.
 */
export async function measureLoad(
  baseUrl: string,
  request: LoadRequest,
  options: {
    connections: number;
    durationSeconds: number;
    warmupSeconds: number;
    serverPid?: number | undefined;
    /** Requests per second for all connections together; unset sends as fast as the server answers. */
    overallRate?: number | undefined;
  },
): Promise<LoadFigures> {
  const headers: Record<string, string> = { ...request.headers };
  let body: string | undefined;
  if (request.json !== undefined) {
    body = JSON.stringify(request.json);
    headers['content-type'] = 'application/json';
  }
  const run = (duration: number) =>
    autocannon({
      url: baseUrl + request.path,
      method: request.method,
      headers,
      body,
      connections: options.connections,
      duration,
      timeout: 10,
      ...(options.overallRate === undefined ? {} : { overallRate: options.overallRate }),
    });
  if (options.warmupSeconds > 0) await run(options.warmupSeconds);
  const serverCpuBefore = options.serverPid === undefined ? null : readCpuMs(options.serverPid);
  const benchCpuBefore = process.cpuUsage();
  const startedAt = performance.now();
  const result = await run(options.durationSeconds);
  const elapsedMs = performance.now() - startedAt;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const serverCpuMs = serverCpuBefore === null || options.serverPid === undefined ? null : readCpuMs(options.serverPid) - serverCpuBefore;
  const serverCpuPercent = serverCpuMs === null ? null : round((100 * serverCpuMs) / elapsedMs);
  const serverCpuUsPerRequest = serverCpuMs === null || result.requests.total === 0 ? null : round((1000 * serverCpuMs) / result.requests.total, 1);
  const benchCpuPercent = round((100 * (benchCpu.user + benchCpu.system)) / 1000 / elapsedMs);
  // No answer within the run: latency figures are meaningless, so they count as infinitely slow.
  if (result.requests.total === 0) {
    return {
      requestsPerSecond: 0,
      p50Ms: Infinity,
      p99Ms: Infinity,
      maxMs: Infinity,
      requests: 0,
      errors: result.errors + result.timeouts,
      non2xx: result.non2xx,
      serverCpuPercent,
      benchCpuPercent,
      serverCpuUsPerRequest,
    };
  }
  return {
    requestsPerSecond: round(result.requests.average),
    p50Ms: round(result.latency.p50, 1),
    p99Ms: round(result.latency.p99, 1),
    maxMs: round(result.latency.max, 1),
    requests: result.requests.total,
    errors: result.errors + result.timeouts,
    non2xx: result.non2xx,
    serverCpuPercent,
    benchCpuPercent,
    serverCpuUsPerRequest,
  };
}
