import { performance } from 'node:perf_hooks';
import type { FastifyInstance, FastifyRequest } from 'fastify';

declare module 'fastify' {
  interface FastifyRequest {
    /** SERVER_TIMING=1 only (decision 059): the request's phases; never set (undefined) when the option is off. */
    serverPhases?: ServerPhases;
  }
}

/**
 * The phases of one request, for its Server-Timing header (decision 059). A handler marks the end of each phase with
 * `lap(name)`: its duration is the time since the previous mark (the request's arrival at first), so the laps add up to
 * the time the server took. A lap repeated under one name (two scans) adds up. `note` adds a duration that is part of
 * a lap (the image worker's own time within the upload's round trip).
 */
export class ServerPhases {
  private readonly durations = new Map<string, number>();
  private readonly notes = new Map<string, number>();
  private last: number;

  constructor(arrival: number) {
    this.last = arrival;
  }

  lap(name: string): void {
    const now = performance.now();
    this.durations.set(name, (this.durations.get(name) ?? 0) + (now - this.last));
    this.last = now;
  }

  note(name: string, ms: number): void {
    this.notes.set(name, (this.notes.get(name) ?? 0) + ms);
  }

  /** `a;dur=1.0, b;dur=2.5, …, send;dur=0.4` (send: the last mark to the answer leaving), or '' when nothing was marked. */
  header(): string {
    if (this.durations.size === 0) return '';
    const items: string[] = [];
    for (const [name, ms] of this.durations) items.push(`${name};dur=${ms.toFixed(1)}`);
    for (const [name, ms] of this.notes) items.push(`${name};dur=${ms.toFixed(1)}`);
    items.push(`send;dur=${(performance.now() - this.last).toFixed(1)}`);
    return items.join(', ');
  }
}

/** The request's phases when SERVER_TIMING=1, else undefined: callers write `phasesOf(request)?.lap('x')`. */
export function phasesOf(request: FastifyRequest): ServerPhases | undefined {
  return request.serverPhases;
}

/**
 * SERVER_TIMING=1 (decision 057): every answer says how long the server took, from the request's arrival to its
 * answer leaving (`app;dur=` in ms, Fastify's reply.elapsedTime), after whatever the read cache said of it
 * (`cache;desc=hit|wait|miss`, read-cache.ts). A load generator can then tell the server's time from its own (a
 * 2 MB ledger inflating at the client) and a read answered from memory from one computed.
 *
 * Decision 059: a request also carries its phases (ServerPhases): a multipart body's reading and parsing (`recv`,
 * from the arrival to the parsed form) and whatever the handler marks (add-booking: its admission wait, the image
 * worker, the lock, the transaction...); the answer then lists them before `app`, with `send` from the last mark.
 *
 * Registered last, so its onSend runs after the read cache's and the compression's: their gzip is counted. Its
 * preValidation runs after the form body's hooks (form-body.ts), so `recv` ends with the form parsed.
 */
export function registerServerTiming(app: FastifyInstance): void {
  // Callback hooks, not async ones: they run on every request.
  app.addHook('onRequest', (request, reply, done) => {
    request.serverPhases = new ServerPhases(performance.now() - reply.elapsedTime);
    done();
  });
  app.addHook('preValidation', (request, _reply, done) => {
    if (request.isMultipart()) request.serverPhases?.lap('recv');
    done();
  });
  app.addHook('onSend', (request, reply, payload, done) => {
    const cache = reply.getHeader('server-timing');
    const phases = request.serverPhases?.header() ?? '';
    const app = `${phases === '' ? '' : `${phases}, `}app;dur=${reply.elapsedTime.toFixed(1)}`;
    reply.header('server-timing', cache === undefined ? app : `${String(cache)}, ${app}`);
    done(null, payload);
  });
}

/** What the read cache did with a read, for the Server-Timing header (set only when SERVER_TIMING=1). */
export type CacheTiming = 'hit' | 'wait' | 'miss';
