import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isImageWorkerRunning, stopImageWorker, warmImageWorker } from '../../lib/images.js';
import { buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { pngFile, uniquePng } from '../../test/uploads.js';
import { bookingFields, checkAvailability, insertAgentWithToken, insertBookableGroup, passenger, postBooking } from './bookings.fixtures.js';

/** `recv;dur=0.8, …, app;dur=20.1` as its metrics in order, by name. */
function metricsOf(header: unknown): Array<[string, number]> {
  return String(header)
    .split(', ')
    .map((item) => {
      const match = /^([\w-]+);dur=(\d+\.\d)$/.exec(item);
      if (!match) throw new Error(`not a timed metric: ${item} (in ${String(header)})`);
      return [match[1]!, Number(match[2])];
    });
}

// The laps of a booking that goes through, in the order the server marks them (decision 059).
const BOOKING_LAPS = ['recv', 'pre', 'admit', 'read', 'fcheck', 'image', 'write', 'begin', 'checks', 'credit', 'frows', 'insert', 'commit', 'after'];

describe('add-booking states its phases (SERVER_TIMING=1, decision 059)', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ env: { SERVER_TIMING: '1' } });
  });
  afterAll(() => t.close());

  it('when an agent opens the booking dialog (check-availbility), then the image worker starts, and its booking does not wait for sharp', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 9 });
    const agent = await insertAgentWithToken(t.db);
    // As after a restart (the test files share one process, and another may have started it).
    await stopImageWorker();
    expect(isImageWorkerRunning()).toBe(false);
    const checked = await checkAvailability(t.app, agent.token, { pnr: group.pnr, adult: 1, child: 0, infant: 0 });
    expect(checked.statusCode).toBe(200);
    expect(isImageWorkerRunning()).toBe(true);
    // The warm-up the route started (warmImageWorker runs once): the agent fills in the form meanwhile.
    await warmImageWorker();
    const response = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })));
    expect(response.statusCode).toBe(201);
    expect(new Map(metricsOf(response.headers['server-timing'])).get('img-load')).toBe(0);
  });

  it('when a booking with a passport and a visa scan is made, then each phase is stated once, in order, and they add up to the server time', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 9 });
    const agent = await insertAgentWithToken(t.db);
    const response = await postBooking(
      t.app,
      agent.token,
      multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult', visa_copy: pngFile('visa.png', uniquePng()) })] })),
    );
    expect(response.statusCode).toBe(201);
    const metrics = metricsOf(response.headers['server-timing']);
    const names = metrics.map(([name]) => name);
    expect(names).toEqual([...BOOKING_LAPS, 'img-load', 'img-work', 'send', 'app']);

    const byName = new Map(metrics);
    const laps = [...BOOKING_LAPS, 'send'].reduce((sum, name) => sum + byName.get(name)!, 0);
    // Each figure is rounded to 0.1 ms: 16 laps are within 0.8 ms of the total, and the whole answer is in them.
    expect(Math.abs(laps - byName.get('app')!)).toBeLessThan(1);
    // The worker's own time is part of the two scans' round trip.
    expect(byName.get('img-load')! + byName.get('img-work')!).toBeLessThanOrEqual(byName.get('image')! + 0.1);
  });

  it('when a booking is refused before its scans are read (no such PNR), then the phases reached are stated and still add up', async () => {
    const agent = await insertAgentWithToken(t.db);
    const response = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: 'NOSUCH', passengers: [passenger({ type: 'adult' })] })));
    expect(response.statusCode).toBe(422);
    const metrics = metricsOf(response.headers['server-timing']);
    expect(metrics.map(([name]) => name)).toEqual(['recv', 'pre', 'admit', 'read', 'fcheck', 'send', 'app']);
    const total = metrics.at(-1)![1];
    const laps = metrics.slice(0, -1).reduce((sum, [, ms]) => sum + ms, 0);
    expect(Math.abs(laps - total)).toBeLessThan(0.5);
  });

  it('when a read is answered, then it carries no phases: only the cache outcome and the time', async () => {
    const agent = await insertAgentWithToken(t.db);
    const response = await t.app.inject({ method: 'GET', url: '/api/listofnotification?page=1', headers: { authorization: `Bearer ${agent.token}` } });
    expect(response.statusCode).toBe(200);
    expect(String(response.headers['server-timing'])).toMatch(/^cache;desc=\w+, app;dur=\d+\.\d$/);
  });
});

describe('add-booking without SERVER_TIMING', () => {
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp();
  });
  afterAll(() => t.close());

  it('when a booking is made, then its answer carries no Server-Timing', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 9 });
    const agent = await insertAgentWithToken(t.db);
    const response = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })));
    expect(response.statusCode).toBe(201);
    expect(response.headers['server-timing']).toBeUndefined();
  });
});
