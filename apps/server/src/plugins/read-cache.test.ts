import { defineRoute, errorResponses } from '@portal/contract/common';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { z } from 'zod';
import { createNotFoundError } from '../lib/http-error.js';
import { registerRoute } from '../lib/route.js';
import { bearer, buildTestApp, type TestApp } from '../test/helpers.js';
import { READ_CACHE_TTL_MS } from './read-cache.js';

// Probe routes: a read that counts how often its handler really ran, a write, a read that fails once.
const counted = z.object({ calls: z.number(), user_id: z.number().nullable(), q: z.string().nullable() });
const readRoute = defineRoute({
  method: 'GET',
  path: '/test/read',
  summary: 'probe',
  tags: ['test'],
  access: 'optional',
  querystring: z.object({ q: z.string().optional() }),
  response: { 200: counted, ...errorResponses },
});
const slowReadRoute = defineRoute({ ...readRoute, path: '/test/slow-read' });
const failingReadRoute = defineRoute({ ...readRoute, path: '/test/failing-read' });
const writeRoute = defineRoute({
  method: 'POST',
  path: '/test/write',
  summary: 'probe',
  tags: ['test'],
  access: 'optional',
  response: { 200: z.object({ ok: z.boolean() }), ...errorResponses },
});

let calls = 0;
let failNext = false;
/** Called when the slow read's handler starts (it then takes 50 ms). */
let slowStarted: (() => void) | null = null;
let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extraRoutes: (app) => {
      registerRoute(app, readRoute, async (request) => ({ calls: ++calls, user_id: request.user?.id ?? null, q: request.query.q ?? null }));
      registerRoute(app, slowReadRoute, async (request) => {
        slowStarted?.();
        await new Promise((resolve) => setTimeout(resolve, 50));
        return { calls: ++calls, user_id: request.user?.id ?? null, q: request.query.q ?? null };
      });
      registerRoute(app, failingReadRoute, async (request) => {
        if (failNext) {
          failNext = false;
          throw createNotFoundError();
        }
        return { calls: ++calls, user_id: request.user?.id ?? null, q: request.query.q ?? null };
      });
      registerRoute(app, writeRoute, async () => ({ ok: true }));
    },
  });
});
afterAll(() => t.close());
afterEach(() => vi.useRealTimers());

const read = (url: string, headers: Record<string, string> = {}) => t.app.inject({ method: 'GET', url, headers });
const write = async () => expect((await t.app.inject({ method: 'POST', url: '/api/test/write' })).statusCode).toBe(200);

describe('read cache (issue 8, decision 009)', () => {
  it('when the same read comes again, then the stored answer is sent without running the handler', async () => {
    await write();
    const first = await read('/api/test/read?q=a');
    const second = await read('/api/test/read?q=a');
    expect(first.statusCode).toBe(200);
    expect(second.json()).toEqual(first.json());
    expect(second.headers['content-type']).toMatch(/^application\/json/);
    // Another query string is another answer.
    expect((await read('/api/test/read?q=b')).json().calls).toBe(first.json().calls + 1);
  });

  it('when a write succeeds, then every stored answer is dropped', async () => {
    const before = (await read('/api/test/read?q=w')).json().calls;
    expect((await read('/api/test/read?q=w')).json().calls).toBe(before);
    await write();
    expect((await read('/api/test/read?q=w')).json().calls).toBe(before + 1);
  });

  it('when two users read the same path, then each gets an answer computed for them', async () => {
    const one = await t.createAgent();
    const two = await t.createAgent();
    const oneToken = await t.loginAs(one.email, one.password);
    const twoToken = await t.loginAs(two.email, two.password);
    expect((await read('/api/test/read?q=u', bearer(oneToken))).json().user_id).toBe(one.user.id);
    expect((await read('/api/test/read?q=u', bearer(twoToken))).json().user_id).toBe(two.user.id);
    expect((await read('/api/test/read?q=u')).json().user_id).toBeNull();
  });

  it('when identical reads arrive together, then the handler runs once and all get its answer', async () => {
    await write();
    const before = calls;
    const answers = await Promise.all(Array.from({ length: 10 }, () => read('/api/test/slow-read?q=together')));
    expect(calls).toBe(before + 1);
    for (const answer of answers) expect(answer.json()).toEqual({ calls: before + 1, user_id: null, q: 'together' });
  });

  it('when the time to live has passed, then the answer is computed again', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = (await read('/api/test/read?q=ttl')).json().calls;
    vi.setSystemTime(Date.now() + READ_CACHE_TTL_MS - 100);
    expect((await read('/api/test/read?q=ttl')).json().calls).toBe(first);
    vi.setSystemTime(Date.now() + 200);
    expect((await read('/api/test/read?q=ttl')).json().calls).toBe(first + 1);
  });

  it('when an answer has timed out and its refresh is under way, then other readers get the previous answer meanwhile', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = (await read('/api/test/slow-read?q=swr')).json().calls;
    vi.setSystemTime(Date.now() + READ_CACHE_TTL_MS + 100);
    const started = new Promise<void>((resolve) => (slowStarted = resolve));
    const refreshing = read('/api/test/slow-read?q=swr');
    // The refresh is in its handler for 50 ms; these arrive meanwhile and are not held up by it.
    await started;
    slowStarted = null;
    const meanwhile = await Promise.all([read('/api/test/slow-read?q=swr'), read('/api/test/slow-read?q=swr')]);
    for (const answer of meanwhile) expect(answer.json().calls).toBe(first);
    expect((await refreshing).json().calls).toBe(first + 1);
    expect((await read('/api/test/slow-read?q=swr')).json().calls).toBe(first + 1);
  });

  it('when data changed, then a timed-out answer is never served, even while a refresh is under way', async () => {
    vi.useFakeTimers({ toFake: ['Date'] });
    const first = (await read('/api/test/slow-read?q=swr-write')).json().calls;
    vi.setSystemTime(Date.now() + READ_CACHE_TTL_MS + 100);
    await write();
    const answers = await Promise.all([read('/api/test/slow-read?q=swr-write'), read('/api/test/slow-read?q=swr-write')]);
    for (const answer of answers) expect(answer.json().calls).toBe(first + 1);
  });

  it('when a read fails, then the failure is not stored', async () => {
    failNext = true;
    expect((await read('/api/test/failing-read?q=f')).statusCode).toBe(404);
    const ok = await read('/api/test/failing-read?q=f');
    expect(ok.statusCode).toBe(200);
    expect((await read('/api/test/failing-read?q=f')).json().calls).toBe(ok.json().calls);
  });
});
