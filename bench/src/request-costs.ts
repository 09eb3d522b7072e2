/**
 * Issue 20 points 2 and 5: what single requests cost, one after another (no queue in front of them). CPU is read from
 * the server process itself (/proc/<pid>/stat), before and after the requests, never from the load generator.
 */
import { gzipSync } from 'node:zlib';
import { bearer, bookOneSeat, getOffered, INSIGHTS_REPORTS } from './api.js';
import { BROWSER_HEADERS, headerOf, send, type BenchRequest } from './client.js';
import { readCpuMs, round, waitUntilIdle } from './processes.js';
import { parseServerTiming, summarizeLatencies, type LatencySummary } from './stats.js';

export interface SequentialCost {
  requests: number;
  errors: number;
  /** Server CPU (user + system) over the requests, per request, in µs (the clock ticks are 10 ms: send enough requests). */
  serverCpuUsPerRequest: number;
  /** The same, the server's main (JavaScript) thread only: PGlite runs there, PostgreSQL in processes of its own. */
  jsThreadCpuUsPerRequest?: number;
  latency: LatencySummary;
  /** The same answers as the server timed them (SERVER_TIMING=1, decision 057); absent when it did not say. */
  serverLatency?: LatencySummary;
}

/**
 * Waits until the server process is idle: its CPU time unchanged over one 30 ms poll (the clock ticks are 10 ms), at
 * most a second. A write's answer leaves before all its work is done (notifications pushed, caches told, the hold
 * sweeper's or the mail dispatcher's turn): measured right behind it, the next request queued behind that work and
 * the sequential p99 measured the write's tail, not the request (2026-11-28: the busiest ledger 102 ms p99 right after
 * the posting, 49 ms 0.3 s after it).
 */
async function settle(serverPid: number): Promise<void> {
  await waitUntilIdle(serverPid, { pollMs: 30, quietPolls: 1, maxMs: 1_000 });
}

/**
 * `count` requests one after another; `send(i)` returns the status and the time it took. `before` runs ahead of each
 * request (a write it must follow), neither timed nor counted in the CPU figures; the server is let settle after it.
 */
export async function measureSequential(
  serverPid: number,
  count: number,
  send: (index: number) => Promise<{ status: number; ms: number; serverMs?: number | undefined }>,
  { before }: { before?: () => Promise<void> } = {},
): Promise<SequentialCost> {
  const latencies: number[] = [];
  const serverLatencies: number[] = [];
  let errors = 0;
  let cpuMs = 0;
  let threadMs = 0;
  let cpuBefore = readCpuMs(serverPid);
  let threadBefore = readCpuMs(serverPid, serverPid);
  for (let index = 0; index < count; index++) {
    if (before) {
      await before();
      await settle(serverPid);
      cpuBefore = readCpuMs(serverPid);
      threadBefore = readCpuMs(serverPid, serverPid);
    }
    const { status, ms, serverMs } = await send(index).catch(() => ({ status: 0, ms: Number.NaN, serverMs: undefined }));
    if (status >= 200 && status < 300) {
      latencies.push(ms);
      if (serverMs !== undefined) serverLatencies.push(serverMs);
    } else errors += 1;
    if (before) {
      cpuMs += readCpuMs(serverPid) - cpuBefore;
      threadMs += readCpuMs(serverPid, serverPid) - threadBefore;
    }
  }
  if (!before) {
    cpuMs = readCpuMs(serverPid) - cpuBefore;
    threadMs = readCpuMs(serverPid, serverPid) - threadBefore;
  }
  return {
    requests: count,
    errors,
    serverCpuUsPerRequest: round((1000 * cpuMs) / count),
    jsThreadCpuUsPerRequest: round((1000 * threadMs) / count),
    latency: summarizeLatencies(latencies),
    ...(serverLatencies.length > 0 ? { serverLatency: summarizeLatencies(serverLatencies) } : {}),
  };
}

/** One request, timed at the client (and by the server, when it says), its body read whole and inflated (client.ts). */
export async function timedFetch(
  url: string,
  init: BenchRequest,
): Promise<{ status: number; ms: number; serverMs: number | undefined; text: string; wireBytes: number; compressed: boolean }> {
  const answer = await send(url, init);
  const serverMs = parseServerTiming(headerOf(answer.headers, 'server-timing'))?.serverMs;
  const compressed = headerOf(answer.headers, 'content-encoding') !== null;
  return { status: answer.status, ms: answer.ms, serverMs, text: answer.text, wireBytes: answer.wireBytes, compressed };
}

/**
 * A read sent `count` times with a query string of its own each time (`?bench=N`: the route ignores it, the read cache
 * keys on it), so that every answer is computed as after a write; then `count` times the same, served from the cache.
 */
async function coldAndWarm(serverPid: number, count: number, path: string, init: BenchRequest) {
  const cold = await measureSequential(serverPid, count, (index) => timedFetch(`${path}?bench=${Date.now()}-${index}`, init));
  await timedFetch(path, init);
  const warm = await measureSequential(serverPid, count, () => timedFetch(path, init));
  return { cold, warm };
}

export interface RequestCosts {
  addBooking: SequentialCost;
  searchFlights: { cold: SequentialCost; warm: SequentialCost };
  /** Issue 19: each insights report computed (admin), one request at a time: the query's own time, not the cache's. */
  insights: Array<{ name: string; cold: SequentialCost }>;
}

/** CPU per add-booking (multipart, one adult, one passport scan), per search-flights and per insights report, one request at a time. */
export async function measureRequestCosts(options: {
  baseUrl: string;
  serverPid: number;
  agentTokens: readonly string[];
  adminToken: string;
  count: number;
}): Promise<RequestCosts> {
  const { baseUrl, serverPid, agentTokens, count } = options;
  const tickets = (await getOffered(baseUrl, agentTokens[0]!)).tickets.filter((ticket) => ticket.pnr !== 'BENCHLOCK' && ticket.remaining >= 10);
  if (tickets.length === 0) throw new Error('no offered ticket with 10 free seats for the add-booking cost');
  const addBooking = await measureSequential(serverPid, count, (index) => {
    // One seat each on the ticket with the most seats left, so none fills up; passport numbers after the contention's.
    const ticket = tickets.reduce((best, candidate) => (candidate.remaining > best.remaining ? candidate : best));
    ticket.remaining -= 1;
    return bookOneSeat(baseUrl, agentTokens[index % agentTokens.length]!, ticket.pnr, 500_000 + index);
  });
  const today = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date());
  const searchFlights = await coldAndWarm(serverPid, count, `${baseUrl}/api/search-flights`, {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, ...bearer(agentTokens[0]!), 'content-type': 'application/json' },
    body: JSON.stringify({ departure: 'LHE', arrival: 'JED', date: today }),
  });
  const insights: RequestCosts['insights'] = [];
  // Receivables by age are kept per agent (decision 054): computed means after a posting to one agent's ledger, as
  // the ledger (decision 050); a repeated `?bench=N` would only read where the ledgers stand.
  const agentLedger = await timedFetch(`${baseUrl}/api/account-api`, {
    method: 'POST',
    headers: { ...bearer(agentTokens[0]!), 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'all' }),
  });
  const posting = ledgerPosting(baseUrl, options.adminToken, agentLedger.text);
  for (const report of INSIGHTS_REPORTS) {
    const init = { headers: { ...BROWSER_HEADERS, ...bearer(options.adminToken) } };
    const requests = Math.max(10, Math.round(count / 4));
    const cold =
      report === 'receivables-by-age'
        ? await measureSequential(serverPid, requests, () => timedFetch(`${baseUrl}/api/insights/${report}`, init), { before: posting })
        : await measureSequential(serverPid, requests, (index) => timedFetch(`${baseUrl}/api/insights/${report}?bench=${Date.now()}-${index}`, init));
    insights.push({ name: report === 'receivables-by-age' ? `insights/${report} (after a posting)` : `insights/${report}`, cold });
  }
  return { addBooking, searchFlights, insights };
}

export interface LedgerReportFigures {
  rows: number;
  /** The JSON answer as the server builds it. */
  jsonBytes: number;
  /** What crosses the network to a browser (gzip), from Content-Length; gzip -6 of the JSON when the answer is chunked. */
  gzipBytes: number;
  cold: SequentialCost;
  warm: SequentialCost;
}

/**
 * A real posting to an agent's ledger (decision 050): an administrator's payment of 1 PKR, through the API, on one of
 * the agent's confirmed live bookings, found in its account-api `all` answer (`reportText`). The read cache drops the
 * agent's answer and the ledger store must read the posted row: what a computed ledger costs after a write.
 */
export function ledgerPosting(baseUrl: string, adminToken: string, reportText: string): () => Promise<void> {
  const report = (JSON.parse(reportText) as { data: { rows: Array<{ type: string; booking: number | null }> } }).data;
  // A booking charged and never reversed is confirmed and live: it takes payments.
  const reversed = new Set(report.rows.filter((row) => row.type === 'reversal').map((row) => row.booking));
  const bookingId = report.rows.find((row) => row.type === 'out' && row.booking !== null && !reversed.has(row.booking))?.booking;
  if (!bookingId) throw new Error('the agent has no confirmed live booking to post a payment to');
  const receiveDate = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date());
  return async () => {
    const response = await fetch(`${baseUrl}/api/update-booking-payment`, {
      method: 'POST',
      headers: { ...bearer(adminToken), 'content-type': 'application/json' },
      body: JSON.stringify({ booking_id: bookingId, receive_amount: 1, receive_date: receiveDate, text: 'Bench ledger posting' }),
    });
    if (response.status !== 200) throw new Error(`update-booking-payment answered ${response.status}: ${(await response.text()).slice(0, 300)}`);
  };
}

/**
 * Issue 20 point 5: account-api `all` of the busiest agent (the seeds' contract), one request at a time. "Computed": each
 * measured request follows a real posting to that agent's ledger (an administrator's payment of 1 PKR on one of its
 * confirmed, live bookings, through the API, not timed), so the read cache has dropped the agent's answer and the
 * server's ledger store (decision 050) must read what was posted, as for a user after a write. The payment's own CPU
 * is not counted: the figure is read around the report requests alone. Then `count` requests from the read cache.
 */
export async function measureLedgerReport(options: { baseUrl: string; serverPid: number; token: string; adminToken: string; count: number }): Promise<LedgerReportFigures> {
  const init: BenchRequest = {
    method: 'POST',
    headers: { ...BROWSER_HEADERS, ...bearer(options.token), 'content-type': 'application/json' },
    body: JSON.stringify({ type: 'all' }),
  };
  const url = `${options.baseUrl}/api/account-api`;
  const sample = await timedFetch(url, init);
  if (sample.status !== 200) throw new Error(`account-api answered ${sample.status}: ${sample.text.slice(0, 300)}`);
  const rows = (JSON.parse(sample.text) as { data: { rows: unknown[] } }).data.rows.length;
  const jsonBytes = Buffer.byteLength(sample.text);
  const post = ledgerPosting(options.baseUrl, options.adminToken, sample.text);
  const cold = await measureSequential(options.serverPid, options.count, () => timedFetch(url, init), { before: post });
  await timedFetch(url, init);
  const warm = await measureSequential(options.serverPid, options.count, () => timedFetch(url, init));
  return { rows, jsonBytes, gzipBytes: sample.compressed ? sample.wireBytes : gzipSync(sample.text).length, cold, warm };
}
