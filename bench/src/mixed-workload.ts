/**
 * Issue 20 point 1: the portal as a day's users use it, all at once. Agents and admins each run a loop of think time
 * and one step picked by weight; about one step in ten writes (agents hold a booking, cancel a hold, edit a
 * passenger; admins confirm a hold and record a payment), and every write drops the cached reads it may have altered
 * (decisions 009 and 040), so the reads are measured as they are served between writes, not from a warm cache alone.
 */
import { bearer, bookOneSeat, getOffered, INSIGHTS_REPORTS, type BookingResult } from './api.js';
import { BROWSER_HEADERS, headerOf, send, type BenchRequest } from './client.js';
import { readCpuMs, round } from './processes.js';
import { parseServerTiming, summarizeLatencies, type LatencySummary } from './stats.js';

export interface Step<Name extends string = string> {
  name: Name;
  weight: number;
  write: boolean;
}

export const AGENT_STEPS = [
  { name: 'search', weight: 25, write: false },
  { name: 'ticket list', weight: 20, write: false },
  { name: 'own bookings', weight: 20, write: false },
  { name: 'ledger', weight: 10, write: false },
  { name: 'notifications', weight: 15, write: false },
  { name: 'hold a booking', weight: 4, write: true },
  { name: 'cancel a hold', weight: 3, write: true },
  { name: 'edit a passenger', weight: 3, write: true },
] as const satisfies readonly Step[];

export const ADMIN_STEPS = [
  { name: 'all bookings', weight: 30, write: false },
  { name: 'dashboard summary', weight: 20, write: false },
  { name: 'notifications', weight: 15, write: false },
  { name: 'insights', weight: 25, write: false },
  { name: 'confirm a booking', weight: 5, write: true },
  { name: 'record a payment', weight: 5, write: true },
] as const satisfies readonly Step[];

/** The step whose share of the total weight covers `r` (0 <= r < 1): weights are shares, not probabilities to normalise by hand. */
export function pickStep<S extends Step>(steps: readonly S[], r: number): S {
  const total = steps.reduce((sum, step) => sum + step.weight, 0);
  let left = r * total;
  for (const step of steps) {
    left -= step.weight;
    if (left < 0) return step;
  }
  return steps.at(-1)!;
}

/**
 * A step by weight among those that can run now. A write that cannot (no hold of one's own to cancel, nothing to
 * confirm) gives way to another runnable write, so the share of writes stays what the weights say; reads always run.
 */
export function chooseStep<S extends Step>(steps: readonly S[], r: number, canRun: (step: S) => boolean): S {
  const picked = pickStep(steps, r);
  if (canRun(picked)) return picked;
  const sameKind = steps.filter((step) => step.write === picked.write && canRun(step));
  const candidates = sameKind.length > 0 ? sameKind : steps.filter(canRun);
  if (candidates.length === 0) throw new Error('no step can run');
  return pickStep(candidates, r);
}

/** Share of the weight that writes (0.1 is one step in ten). */
export function writeShare(steps: readonly Step[]): number {
  const total = steps.reduce((sum, step) => sum + step.weight, 0);
  return steps.filter((step) => step.write).reduce((sum, step) => sum + step.weight, 0) / total;
}

/** Think time between steps, uniform in [min, max] ms. */
export function thinkTimeMs(r: number, min = 50, max = 200): number {
  return min + r * (max - min);
}

export interface RequestFigures extends LatencySummary {
  /** The request a step sent ('hold a booking' is check-availbility then add-booking, 'edit a passenger' is booking-edit-detail then booking-update). */
  name: string;
  write: boolean;
  errors: number;
  /** One error's status and first bytes, to say what went wrong. */
  errorSample: string | null;
  /**
   * What the server says of the same answers (SERVER_TIMING=1, decision 057): its own time, the rest being the queue
   * in front of it, the network and the client; null when the server did not say.
   */
  server: LatencySummary | null;
  /** Of the reads the read cache keeps: answered from memory (hit), after another's computation (wait), computed (miss). */
  cache: { hit: number; wait: number; miss: number } | null;
  /**
   * The client's times of the requests sent after the run's first WARM_UP_MS: the steady state, without the start of
   * the load (52 clients at once on cold caches, as after a restart). The budgets are checked on the whole run.
   */
  later: LatencySummary;
}

/** One add-booking as the client and the server timed it (decision 059). */
export interface TimedBooking {
  /** When it was sent, ms since the workload started. */
  atMs: number;
  status: number;
  clientMs: number;
  serverMs: number | null;
  /** The server's phases (SERVER_TIMING=1), in its order. */
  phases: Record<string, number>;
}

/** The add-bookings of a run: the slowest (by the server's time, else the client's) and each phase's p50/p99. */
export interface BookingTail {
  count: number;
  /** The server's time of those sent in the run's first WARM_UP_MS and of the rest: is the tail the server's start? */
  firstSeconds: LatencySummary;
  later: LatencySummary;
  slowest: TimedBooking[];
  phases: Array<{ name: string; p50Ms: number; p99Ms: number; maxMs: number }>;
}

export const SLOWEST_BOOKINGS = 10;
/** What counts as the start of a run for BookingTail (10 s). */
export const WARM_UP_MS = 10_000;

/** The tail of the add-bookings: which were slowest, when, and in which phase (decision 059). */
export function bookingTail(bookings: readonly TimedBooking[], slowest = SLOWEST_BOOKINGS): BookingTail {
  const timeOf = (booking: TimedBooking) => booking.serverMs ?? booking.clientMs;
  const names: string[] = [];
  for (const booking of bookings) for (const name of Object.keys(booking.phases)) if (!names.includes(name)) names.push(name);
  const early = bookings.filter((booking) => booking.atMs < WARM_UP_MS);
  return {
    count: bookings.length,
    firstSeconds: summarizeLatencies(early.map(timeOf)),
    later: summarizeLatencies(bookings.filter((booking) => booking.atMs >= WARM_UP_MS).map(timeOf)),
    slowest: [...bookings].sort((a, b) => timeOf(b) - timeOf(a)).slice(0, slowest),
    phases: names.map((name) => {
      const summary = summarizeLatencies(bookings.map((booking) => booking.phases[name] ?? 0));
      return { name, p50Ms: summary.p50Ms, p99Ms: summary.p99Ms, maxMs: summary.maxMs };
    }),
  };
}

/** The tail as text: each phase's p50/p99/max, then the slowest bookings with their time since the start and phases. */
export function describeBookingTail(tail: BookingTail): string[] {
  if (tail.count === 0) return [];
  const ms = (value: number) => String(round(value, 1));
  const part = (summary: LatencySummary) => `${summary.count}, p50 ${ms(summary.p50Ms)}, p99 ${ms(summary.p99Ms)}, max ${ms(summary.maxMs)}`;
  return [
    `add-booking server ms, sent in the first ${WARM_UP_MS / 1000} s: ${part(tail.firstSeconds)}; after: ${part(tail.later)}`,
    `add-booking phases (${tail.count}; server ms p50/p99/max): ${tail.phases.map((phase) => `${phase.name} ${ms(phase.p50Ms)}/${ms(phase.p99Ms)}/${ms(phase.maxMs)}`).join(', ') || 'none stated'}`,
    `slowest add-bookings (time since the start; client, server ms; the server's phases over 1 ms):`,
    ...tail.slowest.map((booking) => {
      const phases = Object.entries(booking.phases)
        .filter(([, value]) => value >= 1)
        .map(([name, value]) => `${name} ${ms(value)}`)
        .join(', ');
      return `  +${(booking.atMs / 1000).toFixed(1)} s  ${booking.status}  client ${ms(booking.clientMs)}  server ${booking.serverMs === null ? '-' : ms(booking.serverMs)}: ${phases}`;
    }),
  ];
}

/** The width of a slice of the run in MixedFigures.slowBySlice. */
export const SLICE_MS = 5_000;
/** What counts as slow in slowBySlice: the read budget (issue 20). */
export const SLOW_MS = 50;

/** "over 50 ms, by 5 s of the run: 0-5 s 152 of 1,940; 5-10 s 3 of 2,010; ..." (the slices with any). */
export function describeSlowBySlice(slices: ReadonlyArray<{ slow: number; all: number }>): string {
  const parts = slices.flatMap((slice, index) =>
    slice.slow === 0 ? [] : [`${(index * SLICE_MS) / 1000}-${((index + 1) * SLICE_MS) / 1000} s ${slice.slow} of ${slice.all}`],
  );
  return `requests over ${SLOW_MS} ms (client), by when they were sent: ${parts.join('; ') || 'none'}`;
}

export interface MixedFigures {
  agents: number;
  admins: number;
  seconds: number;
  steps: number;
  writes: number;
  requests: RequestFigures[];
  errors: number;
  serverCpuPercent: number | null;
  benchCpuPercent: number;
  /** The add-bookings' slowest and phases (decision 059). */
  bookings: BookingTail;
  /** When the loops started (ISO): TimedBooking.atMs counts from it. */
  startedAt: string;
  /**
   * Every request by the SLICE_MS of the run it was sent in: how many, and how many took the client over SLOW_MS. Says
   * whether a step's p99 is the run's start (the caches and connections filling) or spread over the run.
   */
  slowBySlice?: Array<{ slow: number; all: number }>;
}

interface Hold {
  id: number;
  /** Index of the agent who holds it. */
  agent: number;
}


/** A JSON POST as the screens send it (from a browser, signed in). */
export const postJsonInit = (token: string, body: unknown): BenchRequest => ({
  method: 'POST',
  headers: { ...BROWSER_HEADERS, ...bearer(token), 'content-type': 'application/json' },
  body: JSON.stringify(body),
});

/** A GET as the screens send it (from a browser, signed in). */
export const getInit = (token: string): BenchRequest => ({ headers: { ...BROWSER_HEADERS, ...bearer(token) } });

/** Karachi's today as YYYY-MM-DD, plus `days`. */
function karachiDate(days = 0): string {
  return new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi' }).format(new Date(Date.now() + days * 86_400_000));
}

interface Sample {
  write: boolean;
  latencies: number[];
  /** Those sent after the first WARM_UP_MS. */
  laterLatencies: number[];
  errors: number;
  errorSample: string | null;
  serverMs: number[];
  cache: { hit: number; wait: number; miss: number } | null;
}

class Recorder {
  private readonly samples = new Map<string, Sample>();
  /** When the loops started (performance.now()): requests sent WARM_UP_MS after it count as the steady state. */
  startedMs = performance.now();

  /** The loops start now: TimedBooking.atMs and the steady state count from here. */
  start(): void {
    this.startedMs = performance.now();
  }

  private sample(name: string, write: boolean) {
    const sample = this.samples.get(name) ?? { write, latencies: [], laterLatencies: [], errors: 0, errorSample: null, serverMs: [], cache: null };
    this.samples.set(name, sample);
    return sample;
  }

  async request(name: string, write: boolean, url: string, init: BenchRequest): Promise<{ ok: boolean; body: unknown }> {
    const sample = this.sample(name, write);
    const sentMs = performance.now();
    try {
      const response = await send(url, init);
      const { text } = response;
      this.push(sample, sentMs, response.ms);
      const timing = parseServerTiming(headerOf(response.headers, 'server-timing'));
      if (timing) {
        sample.serverMs.push(timing.serverMs);
        if (timing.cache === 'hit' || timing.cache === 'wait' || timing.cache === 'miss') (sample.cache ??= { hit: 0, wait: 0, miss: 0 })[timing.cache] += 1;
      }
      if (response.status >= 200 && response.status < 300) return { ok: true, body: text ? (JSON.parse(text) as unknown) : null };
      sample.errors += 1;
      sample.errorSample ??= `${response.status} ${text.slice(0, 200)}`;
      return { ok: false, body: null };
    } catch (error) {
      sample.errors += 1;
      sample.errorSample ??= error instanceof Error ? error.message : String(error);
      return { ok: false, body: null };
    }
  }

  readonly slices: Array<{ slow: number; all: number }> = [];

  private push(sample: Sample, sentMs: number, ms: number): void {
    sample.latencies.push(ms);
    const index = Math.max(0, Math.floor((sentMs - this.startedMs) / SLICE_MS));
    while (this.slices.length <= index) this.slices.push({ slow: 0, all: 0 });
    const slice = this.slices[index]!;
    slice.all += 1;
    if (ms > SLOW_MS) slice.slow += 1;
    if (sentMs - this.startedMs >= WARM_UP_MS) sample.laterLatencies.push(ms);
  }

  /** A request the caller timed itself (add-booking through bookOneSeat), sent at `sentMs` (performance.now()). */
  record(name: string, write: boolean, result: BookingResult, sentMs: number): void {
    const sample = this.sample(name, write);
    if (Number.isFinite(result.ms)) this.push(sample, sentMs, result.ms);
    if (result.serverMs !== undefined) sample.serverMs.push(result.serverMs);
    if (result.status >= 200 && result.status < 300) return;
    sample.errors += 1;
    sample.errorSample ??= `${result.status} ${result.error ?? ''}`;
  }

  figures(): RequestFigures[] {
    return [...this.samples.entries()]
      .map(([name, sample]) => ({
        name,
        write: sample.write,
        ...summarizeLatencies(sample.latencies),
        errors: sample.errors,
        errorSample: sample.errorSample,
        server: sample.serverMs.length > 0 ? summarizeLatencies(sample.serverMs) : null,
        cache: sample.cache,
        later: summarizeLatencies(sample.laterLatencies),
      }))
      .sort((a, b) => Number(a.write) - Number(b.write) || a.name.localeCompare(b.name));
  }
}

export interface MixedOptions {
  baseUrl: string;
  agentTokens: readonly string[];
  adminTokens: readonly string[];
  seconds: number;
  serverPid?: number | undefined;
}

/** Runs the loops for `seconds` and returns the figures of every request they sent. */
export async function runMixedWorkload(options: MixedOptions): Promise<MixedFigures> {
  const { baseUrl, agentTokens, adminTokens } = options;
  const recorder = new Recorder();
  const api = (path: string) => `${baseUrl}/api${path}`;
  const json = postJsonInit;
  const get = getInit;

  // What the agents can book and list: the offered tickets and the my-sectors, as the first agent sees them.
  const offered = await getOffered(baseUrl, agentTokens[0]!);
  const { mySectorIds, sectors } = offered;
  const tickets = offered.tickets.filter((ticket) => ticket.remaining >= 10);
  if (mySectorIds.length === 0 || tickets.length === 0 || sectors.length === 0) {
    throw new Error('available-sector offers no my-sector, no sector or no ticket with 10 free seats');
  }

  // Holds of this run: agents cancel and edit their own, admins confirm any; a hold is in one place at a time, so no
  // two users ever act on the same booking at once (which would be a 409 of the bench's making, not the portal's).
  const holds: Hold[] = [];
  const toPay: number[] = [];
  const takeHold = (agent?: number): Hold | undefined => {
    const index = agent === undefined ? holds.length - 1 : holds.findLastIndex((hold) => hold.agent === agent);
    return index < 0 ? undefined : holds.splice(index, 1)[0];
  };
  let passportNumber = 0;
  const runStamp = Date.now() % 100_000;

  const bookings: TimedBooking[] = [];
  let steps = 0;
  let writes = 0;
  const deadline = performance.now() + options.seconds * 1000;
  const think = () => new Promise((resolve) => setTimeout(resolve, thinkTimeMs(Math.random())));

  const agentStep = async (agent: number, token: string) => {
    const step = chooseStep(AGENT_STEPS, Math.random(), (candidate) => {
      if (candidate.name === 'cancel a hold' || candidate.name === 'edit a passenger') return holds.some((hold) => hold.agent === agent);
      return true;
    });
    steps += 1;
    if (step.write) writes += 1;
    switch (step.name) {
      case 'search': {
        const [departure, arrival] = sectors[Math.floor(Math.random() * sectors.length)]!;
        await recorder.request('search', false, api('/search-flights'), json(token, { departure, arrival, date: karachiDate(Math.floor(Math.random() * 30)) }));
        return;
      }
      case 'ticket list':
        await recorder.request('ticket list', false, api('/pnr-respect-to-mysector-user'), json(token, { my_sector_id: mySectorIds[Math.floor(Math.random() * mySectorIds.length)] }));
        return;
      case 'own bookings':
        await recorder.request('own bookings', false, api('/agnetlistofbookings?page=1'), get(token));
        return;
      case 'ledger':
        // The screen opens on 'All' (the seeds' contract); agent01's 15,000 rows are measured on their own too (ledger-report.ts).
        await recorder.request(agent === 0 ? 'ledger (busiest agent)' : 'ledger', false, api('/account-api'), json(token, { type: 'all' }));
        return;
      case 'notifications':
        await recorder.request('notifications', false, api('/listofnotification?page=1'), get(token));
        return;
      case 'hold a booking': {
        const ticket = tickets[Math.floor(Math.random() * tickets.length)]!;
        if (ticket.remaining < 2) tickets.splice(tickets.indexOf(ticket), 1);
        ticket.remaining -= 1;
        passportNumber += 1;
        // Taken now: other agents book while this one waits below.
        const passport = runStamp * 10_000 + passportNumber;
        // As the Book Ticket dialog does (000 §4): Start Booking asks check-availbility, the agent fills in the
        // passenger and attaches the scan, then submits (decision 059: the server readies the image worker meanwhile).
        await recorder.request('hold: check-availbility', false, api('/check-availbility'), json(token, { pnr: ticket.pnr, adult: 1, child: 0, infant: 0 }));
        await think();
        const sentAt = performance.now();
        const sentMs = sentAt - recorder.startedMs;
        const result = await bookOneSeat(baseUrl, token, ticket.pnr, passport);
        recorder.record('hold a booking (add-booking)', true, result, sentAt);
        bookings.push({ atMs: sentMs, status: result.status, clientMs: result.ms, serverMs: result.serverMs ?? null, phases: result.phases ?? {} });
        if (result.id !== undefined) holds.push({ id: result.id, agent });
        return;
      }
      case 'cancel a hold': {
        const hold = takeHold(agent)!;
        await recorder.request('cancel a hold', true, api(`/cancelbooking/${hold.id}`), get(token));
        return;
      }
      case 'edit a passenger': {
        const hold = takeHold(agent)!;
        const detail = await recorder.request('edit: booking-edit-detail', false, api('/booking-edit-detail'), json(token, { booking_id: hold.id }));
        const passengers = (detail.body as { data?: { data?: { booking_sub?: EditablePassenger[] } } } | null)?.data?.data?.booking_sub;
        if (detail.ok && passengers) {
          await recorder.request('edit a passenger (booking-update)', true, api('/booking-update'), {
            method: 'POST',
            headers: { ...BROWSER_HEADERS, ...bearer(token) },
            body: bookingUpdateForm(hold.id, passengers),
          });
        }
        holds.push(hold);
        return;
      }
    }
  };

  const adminStep = async (token: string) => {
    const step = chooseStep(ADMIN_STEPS, Math.random(), (candidate) => {
      if (candidate.name === 'confirm a booking') return holds.length > 0;
      if (candidate.name === 'record a payment') return toPay.length > 0;
      return true;
    });
    steps += 1;
    if (step.write) writes += 1;
    switch (step.name) {
      case 'all bookings':
        await recorder.request('all bookings', false, api('/listofbookings?page=1'), get(token));
        return;
      case 'dashboard summary':
        await recorder.request('dashboard summary', false, api('/dashboardsummary'), get(token));
        return;
      case 'notifications':
        await recorder.request('notifications (admin)', false, api('/listofnotification?page=1'), get(token));
        return;
      case 'insights': {
        const report = INSIGHTS_REPORTS[Math.floor(Math.random() * INSIGHTS_REPORTS.length)]!;
        await recorder.request(`insights/${report}`, false, api(`/insights/${report}`), get(token));
        return;
      }
      case 'confirm a booking': {
        const hold = takeHold()!;
        const result = await recorder.request('confirm a booking', true, api('/confirmbooking'), json(token, { booking_id: hold.id, discount: 0, receive_payment: 0 }));
        if (result.ok) toPay.push(hold.id);
        return;
      }
      case 'record a payment': {
        const bookingId = toPay.shift()!;
        await recorder.request('record a payment', true, api('/update-booking-payment'), json(token, { booking_id: bookingId, receive_amount: 1_000, receive_date: karachiDate(), text: 'Bench cash' }));
        return;
      }
    }
  };

  const loop = async (step: () => Promise<void>) => {
    while (performance.now() < deadline) {
      await think();
      if (performance.now() >= deadline) return;
      await step();
    }
  };

  const serverCpuBefore = options.serverPid === undefined ? null : readCpuMs(options.serverPid);
  const benchCpuBefore = process.cpuUsage();
  recorder.start();
  const startedAt = new Date().toISOString();
  await Promise.all([
    ...agentTokens.map((token, agent) => loop(() => agentStep(agent, token))),
    ...adminTokens.map((token) => loop(() => adminStep(token))),
  ]);
  const elapsedMs = performance.now() - recorder.startedMs;
  const benchCpu = process.cpuUsage(benchCpuBefore);
  const requests = recorder.figures();
  return {
    agents: agentTokens.length,
    admins: adminTokens.length,
    seconds: round(elapsedMs / 1000, 1),
    steps,
    writes,
    requests,
    errors: requests.reduce((sum, request) => sum + request.errors, 0),
    serverCpuPercent:
      serverCpuBefore === null || options.serverPid === undefined ? null : round((100 * (readCpuMs(options.serverPid) - serverCpuBefore)) / elapsedMs),
    benchCpuPercent: round((100 * (benchCpu.user + benchCpu.system)) / 1000 / elapsedMs),
    bookings: bookingTail(bookings),
    slowBySlice: recorder.slices,
    startedAt,
  };
}

interface EditablePassenger {
  type: 'adult' | 'child' | 'infant';
  title: string | null;
  firstname: string | null;
  lastname: string | null;
  dob: string | null;
  passport_no: string | null;
  passport_expiry_date: string | null;
}

/** booking-update as the edit dialog sends it: every passenger again, the first one's last name changed, scans kept. */
function bookingUpdateForm(bookingId: number, passengers: readonly EditablePassenger[]): FormData {
  const form = new FormData();
  form.append('booking_id', String(bookingId));
  passengers.forEach((passenger, index) => {
    form.append('type[]', passenger.type);
    form.append('titles[]', passenger.title ?? '');
    form.append('firstname[]', passenger.firstname ?? '');
    const lastname = passenger.lastname ?? '';
    form.append('lastname[]', index === 0 ? (lastname.endsWith(' EDITED') ? lastname.slice(0, -7) : `${lastname} EDITED`) : lastname);
    form.append('dob[]', passenger.dob ?? '');
    form.append('passport_no[]', passenger.passport_no ?? '');
    form.append('passport_expiry_date[]', passenger.passport_expiry_date ?? '');
  });
  return form;
}
