import { defineRoute, messageSchema } from '@portal/contract/common';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { registerRoute } from '../lib/route.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';

const boomRoute = defineRoute({
  method: 'GET',
  path: '/test/boom',
  summary: 'test probe: an unexpected failure',
  tags: ['test'],
  access: 'public',
  response: { 200: messageSchema },
});
// Fields as a later issue's form would send them: a number, an array and a nested list.
const echoRoute = defineRoute({
  method: 'POST',
  path: '/test/echo',
  summary: 'test probe: echoes its validated body',
  tags: ['test'],
  access: 'public',
  body: z.object({
    adults: z.coerce.number({ error: 'The adults must be a number.' }).int().min(1, { error: 'The adults must be at least 1.' }),
    tags: z.array(z.string()).default([]),
    passengers: z
      .array(z.object({ firstname: z.string().min(1, { error: 'The firstname field is required.' }) }))
      .default([]),
  }),
  response: { 200: z.object({ body: z.unknown() }) },
});

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({
    extraRoutes: (app) => {
      registerRoute(app, boomRoute, async () => {
        throw new Error('connection string postgres://secret@db leaked');
      });
      registerRoute(app, echoRoute, async (request) => ({ body: request.body }));
    },
  });
});
afterAll(() => t.close());

describe('error handler', () => {
  it('when a handler fails unexpectedly, then 500 "Server Error" without the internal text', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/test/boom' });
    expect(response.statusCode).toBe(500);
    expect(response.json()).toEqual({ message: 'Server Error' });
    expect(response.body).not.toContain('secret');
  });

  it('when an /api path does not exist, then 404 {"message":"Not found."}', async () => {
    for (const [method, url] of [
      ['GET', '/api/nope'],
      ['POST', '/api/agnetlistofbookings-typo'],
      ['GET', '/api'],
    ] as const) {
      const response = await t.app.inject({ method, url });
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'Not found.' });
    }
  });

  it('when the JSON is malformed, then 400 with a clear message, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toEqual({ message: 'The request body is not valid JSON.' });
  });

  it('when the body is JSON but not an object, then 422, never 500', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: '"just a string"',
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toEqual(expect.any(String));
  });

  it('when the content type is unknown, then 415 with a clear message', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'text/csv' },
      payload: 'a,b',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json()).toEqual({ message: 'This content type is not accepted; send JSON or multipart/form-data.' });
  });

  it('when the JSON body is over 1 MB, then 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      headers: { 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'a@b.c', password: 'x'.repeat(1_100_000) }),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The request is too large.' });
  });

  it('when nested fields are invalid, then 422 keys them by dotted path', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/test/echo',
      payload: { adults: 'many', passengers: [{ firstname: 'ALI' }, { firstname: '' }] },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The adults must be a number.',
      errors: {
        adults: ['The adults must be a number.'],
        'passengers.1.firstname': ['The firstname field is required.'],
      },
    });
  });
});
