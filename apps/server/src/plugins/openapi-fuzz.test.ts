import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, randomIp, startAppWithAdminAndAgent, type TestApp } from '../test/helpers.js';

// Issue 16.9: every operation of the OpenAPI document, as anonymous, agent and admin, gets a bounded, seeded set
// of malformed requests; none may answer 5xx (PRODUCT §3: bad input never produces a 500).

type Schema = { type?: string | string[]; properties?: Record<string, Schema>; items?: Schema; anyOf?: Schema[]; oneOf?: Schema[] };
type Operation = {
  parameters?: Array<{ in: string; name: string }>;
  requestBody?: { content?: Record<string, { schema?: Schema }> };
};
type Document = { paths: Record<string, Record<string, Operation>> };

/** Skipped: they end the caller's own session, which the later requests of the run need. */
const SKIPPED = new Set(['POST /api/logout']);

/** Deterministic choices (mulberry32), so that a failure is the same on every run. */
function seededRandom(seed: number): () => number {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let value = Math.imul(state ^ (state >>> 15), 1 | state);
    value = (value + Math.imul(value ^ (value >>> 7), 61 | value)) ^ value;
    return ((value ^ (value >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const BAD_SCALARS: unknown[] = ['', 'x\u0000y', 'abc', -1, 0, 1e99, '99999999999999999999', 'A'.repeat(5_000), true, null, [], {}, ['a', 'b'], { a: 1 }, '2026-13-45', '../../etc/passwd', '<script>x</script>', "' OR 1=1 --"];
const BAD_PATH_VALUES = ['0', '-1', 'abc', '1e99', '99999999999999999999', '%00', '%FF', 'A'.repeat(300)];

type FuzzRequest = { method: string; url: string; headers: Record<string, string>; payload?: string | Record<string, unknown> };

function pick<T>(random: () => number, values: readonly T[]): T {
  return values[Math.floor(random() * values.length)]!;
}

function bodyFields(operation: Operation): string[] {
  const content = operation.requestBody?.content ?? {};
  const schema = content['application/json']?.schema ?? content['multipart/form-data']?.schema ?? Object.values(content)[0]?.schema;
  return Object.keys(schema?.properties ?? {});
}

/** About a dozen malformed requests for one operation, chosen with the seeded random source. */
function malformedRequests(method: string, path: string, operation: Operation, random: () => number): FuzzRequest[] {
  const url = () => `/api${path.replace(/^\/api/, '')}`.replace(/\{[^}]+\}/g, () => pick(random, BAD_PATH_VALUES));
  const query = (operation.parameters ?? []).filter((parameter) => parameter.in === 'query').map((parameter) => parameter.name);
  const fields = bodyFields(operation);
  const requests: FuzzRequest[] = [];
  const withQuery = () => {
    if (query.length === 0) return url();
    const params = query.map((name) => `${encodeURIComponent(name)}=${encodeURIComponent(String(pick(random, BAD_SCALARS)))}`);
    return `${url()}?${params.join('&')}`;
  };
  for (let index = 0; index < 4; index += 1) requests.push({ method, url: withQuery(), headers: {} });
  if (method === 'GET' || method === 'DELETE') {
    requests.push({ method, url: `${url()}?page=%00&page=-5&per_page=1e99`, headers: {} });
    return requests;
  }
  for (let index = 0; index < 4; index += 1) {
    const payload: Record<string, unknown> = {};
    for (const field of fields) if (random() < 0.8) payload[field] = pick(random, BAD_SCALARS);
    requests.push({ method, url: url(), headers: { 'content-type': 'application/json' }, payload });
  }
  const boundary = 'fuzzboundary';
  const parts = fields.slice(0, 6).map((field) => `--${boundary}\r\nContent-Disposition: form-data; name="${field}"\r\n\r\n${pick(random, ['x\u0000', '', '-1', 'A'.repeat(2_000)])}\r\n`);
  requests.push(
    { method, url: url(), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: `${parts.join('')}--${boundary}--\r\n` },
    { method, url: url(), headers: { 'content-type': `multipart/form-data; boundary=${boundary}` }, payload: `--${boundary}\r\nContent-Disposition: form-data; name="x"\r\n\r\nunterminated` },
    { method, url: url(), headers: { 'content-type': 'multipart/form-data' }, payload: 'no boundary' },
    { method, url: url(), headers: { 'content-type': 'application/json' }, payload: '{"broken": ' },
    { method, url: url(), headers: { 'content-type': 'application/json' }, payload: '[1,2,3]' },
    { method, url: url(), headers: { 'content-type': 'text/plain' }, payload: 'plain text' },
    { method, url: url(), headers: { 'content-type': 'application/x-www-form-urlencoded' }, payload: 'a[b][c]=%00&__proto__[x]=1&tags[]=1' },
  );
  return requests;
}

let t: TestApp;
let tokens: Record<'anonymous' | 'agent' | 'admin', string | null>;
let document: Document;
beforeAll(async () => {
  const bed = await startAppWithAdminAndAgent();
  t = bed.t;
  tokens = { anonymous: null, agent: bed.agentToken, admin: bed.admin };
  document = t.app.swagger() as unknown as Document;
});
afterAll(() => t.close());

describe('OpenAPI-driven fuzzing (issue 16.9)', () => {
  it('when every operation gets malformed requests as anonymous, agent and admin, then none answers 5xx', async () => {
    const random = seededRandom(20261125);
    const failures: string[] = [];
    let sent = 0;
    for (const [path, operations] of Object.entries(document.paths)) {
      for (const [method, operation] of Object.entries(operations)) {
        const verb = method.toUpperCase();
        if (SKIPPED.has(`${verb} ${path}`)) continue;
        for (const role of ['anonymous', 'agent', 'admin'] as const) {
          for (const request of malformedRequests(verb, path, operation, random)) {
            const token = tokens[role];
            const response = await t.app.inject({
              method: request.method as 'GET',
              url: request.url,
              headers: { ...request.headers, ...(token ? bearer(token) : {}) },
              ...(request.payload === undefined ? {} : { payload: request.payload }),
              remoteAddress: randomIp(),
            });
            sent += 1;
            if (response.statusCode >= 500) {
              failures.push(`${role} ${request.method} ${request.url.slice(0, 120)} [${request.headers['content-type'] ?? '-'}] -> ${response.statusCode} ${response.body.slice(0, 120)}`);
            }
          }
        }
      }
    }
    expect(sent).toBeGreaterThan(1_000);
    expect(failures).toEqual([]);
  }, 240_000);
});
