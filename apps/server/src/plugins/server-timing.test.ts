import { defineRoute, errorResponses } from '@portal/contract/common';
import type { FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { ConfigError, loadConfig } from '../config/config.js';
import { registerRoute } from '../lib/route.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';

// Probe routes: a read the cache keeps (slow enough that a second identical read waits for it) and a write.
const readRoute = defineRoute({
  method: 'GET',
  path: '/test/timed-read',
  summary: 'probe',
  tags: ['test'],
  access: 'optional',
  querystring: z.object({ q: z.string() }),
  response: { 200: z.object({ q: z.string() }), ...errorResponses },
});
const writeRoute = defineRoute({
  method: 'POST',
  path: '/test/timed-write',
  summary: 'probe',
  tags: ['test'],
  access: 'optional',
  response: { 200: z.object({ ok: z.boolean() }), ...errorResponses },
});
const READ_MS = 40;

const probes = (app: FastifyInstance) => {
  registerRoute(app, readRoute, async (request) => {
    await new Promise((resolve) => setTimeout(resolve, READ_MS));
    return { q: request.query.q };
  });
  registerRoute(app, writeRoute, async () => ({ ok: true }));
};

/** `cache;desc=hit, app;dur=12.3` as { cache: 'hit', dur: 12.3 }. */
function parseTiming(header: unknown): { cache: string | undefined; dur: number } {
  const text = String(header);
  const match = /^(?:cache;desc=(\w+), )?app;dur=(\d+\.\d)$/.exec(text);
  if (!match) throw new Error(`not a Server-Timing of the portal: ${text}`);
  return { cache: match[1], dur: Number(match[2]) };
}

describe('Server-Timing (SERVER_TIMING=1, decision 057)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SERVER_TIMING: '1' }, extraRoutes: probes });
  });
  afterAll(() => t.close());
  const read = (q: string) => t.app.inject({ method: 'GET', url: `/api/test/timed-read?q=${q}` });

  it('when a read is computed, then it says miss and the time the handler took; when it comes again, then it says hit and less', async () => {
    const first = await read('a');
    expect(first.statusCode).toBe(200);
    const computed = parseTiming(first.headers['server-timing']);
    expect(computed.cache).toBe('miss');
    expect(computed.dur).toBeGreaterThanOrEqual(READ_MS - 1);

    const again = parseTiming((await read('a')).headers['server-timing']);
    expect(again.cache).toBe('hit');
    expect(again.dur).toBeLessThan(READ_MS - 1);
  });

  it('when identical reads arrive together, then the first computes and the others say they waited for it', async () => {
    const answers = await Promise.all([read('together'), read('together'), read('together')]);
    const outcomes = answers.map((answer) => parseTiming(answer.headers['server-timing']).cache);
    expect(outcomes.sort()).toEqual(['miss', 'wait', 'wait']);
  });

  it('when a write is answered, then only the time is stated (the cache has no say), and the next read is computed again', async () => {
    await read('w');
    const written = await t.app.inject({ method: 'POST', url: '/api/test/timed-write' });
    expect(written.statusCode).toBe(200);
    expect(parseTiming(written.headers['server-timing']).cache).toBeUndefined();
    expect(parseTiming((await read('w')).headers['server-timing']).cache).toBe('miss');
  });

  it('when a request is refused, then its answer is timed too', async () => {
    const refused = await t.app.inject({ method: 'GET', url: '/api/test/timed-read' });
    expect(refused.statusCode).toBe(422);
    expect(parseTiming(refused.headers['server-timing']).dur).toBeGreaterThanOrEqual(0);
  });
});

describe('Server-Timing is off by default', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ extraRoutes: probes });
  });
  afterAll(() => t.close());

  it('when SERVER_TIMING is not set, then no answer carries the header', async () => {
    for (const answer of [
      await t.app.inject({ method: 'GET', url: '/api/test/timed-read?q=a' }),
      await t.app.inject({ method: 'GET', url: '/api/test/timed-read?q=a' }),
      await t.app.inject({ method: 'POST', url: '/api/test/timed-write' }),
    ]) {
      expect(answer.statusCode).toBe(200);
      expect(answer.headers['server-timing']).toBeUndefined();
    }
  });

  it('when SERVER_TIMING is neither 0 nor 1, then the server refuses to start and says so', () => {
    expect(() => loadConfig({ SERVER_TIMING: 'yes' })).toThrow(ConfigError);
    expect(() => loadConfig({ SERVER_TIMING: 'yes' })).toThrow('Invalid configuration:\n  SERVER_TIMING: SERVER_TIMING must be 0 or 1');
    expect(loadConfig({ SERVER_TIMING: '1' }).serverTiming).toBe(true);
    expect(loadConfig({}).serverTiming).toBe(false);
  });
});
