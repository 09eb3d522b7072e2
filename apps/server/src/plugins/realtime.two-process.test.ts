import { randomBytes } from 'node:crypto';
import type { NotificationEvent } from '@portal/contract/notifications';
import type { AvailableSectorResponse } from '@portal/contract/tickets';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { connectMaintenance, quoteIdent, testDatabaseUrl, withDatabase } from '../test/postgres.js';
import { connectSocket, type TestSocket } from '../test/realtime-client.js';
import { canReachRedis, startServerProcess, testRedisUrl, type ServerProcess } from '../test/realtime-processes.js';
import { PNG_BYTES } from '../test/uploads.js';

/**
 * Issue 6: two real server processes on one PostgreSQL database and one Redis. A booking the demo agent makes
 * through process A's HTTP API reaches an admin socket connected to process B (PRODUCT §1: with REDIS_URL the
 * Redis adapter fans events out across processes; §4 Notifications: a new agent booking tells the admins).
 *
 * Runs in the postgres project only (the pglite project has no shared database). Without Redis it is skipped
 * with a notice, except under CI=true, where it fails with the reason.
 */
const onPostgres = process.env.TEST_DB === 'postgres';
const redisUrl = testRedisUrl();
const redis = onPostgres ? await canReachRedis(redisUrl) : { ok: true as const };
if (onPostgres && !redis.ok && process.env.CI !== 'true') {
  console.warn(`\n[realtime two-process] NOTICE: Redis at ${redisUrl} is unreachable (${redis.reason}); the test is SKIPPED. Set TEST_REDIS_URL or start Redis.\n`);
}
const run = onPostgres && (redis.ok || process.env.CI === 'true');

const KARACHI_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' });
function daysFromToday(days: number): string {
  const [year, month, day] = KARACHI_DATE.format(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

async function login(baseUrl: string, email: string, password: string): Promise<{ token: string; user_id: number }> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { success: { token: string; user_id: number } }).success;
}

describe.runIf(run)('realtime across two server processes (Redis adapter)', () => {
  let databaseName: string;
  let a: ServerProcess | undefined;
  let b: ServerProcess | undefined;
  let adminSocket: TestSocket | undefined;

  beforeAll(async () => {
    if (!redis.ok) throw new Error(`Redis at ${redisUrl} is unreachable (${redis.reason}); CI=true needs it for the two-process realtime test`);
    // One fresh, empty database: the processes migrate and seed it themselves (the run's prefix lets teardown drop it).
    databaseName = `${inject('pgRunPrefix')}rt_${randomBytes(4).toString('hex')}`;
    const admin = await connectMaintenance();
    try {
      await admin.query(`create database ${quoteIdent(databaseName)}`);
    } finally {
      await admin.end();
    }
    const databaseUrl = withDatabase(testDatabaseUrl(), databaseName);
    // One after the other: the first migrates and seeds the demo data, the second finds them in place.
    a = await startServerProcess({ databaseUrl, redisUrl });
    b = await startServerProcess({ databaseUrl, redisUrl });
  }, 300_000);

  afterAll(async () => {
    adminSocket?.close();
    await Promise.allSettled([a?.stop(), b?.stop()]);
    if (databaseName) {
      const admin = await connectMaintenance();
      try {
        await admin.query(`drop database if exists ${quoteIdent(databaseName)} with (force)`);
      } finally {
        await admin.end();
      }
    }
  }, 60_000);

  it('when the demo agent books through process A, then an admin socket on process B receives userevent-{admin id} with the PNR and booking id', async () => {
    const admin = await login(b!.baseUrl, 'admin@example.com', 'Admin@12345');
    adminSocket = await connectSocket(b!.baseUrl, { token: admin.token });
    const unreadOnB = async () => {
      const count = await fetch(`${b!.baseUrl}/api/unread-notifications-count`, { headers: { authorization: `Bearer ${admin.token}` } });
      return ((await count.json()) as { count: number }).count;
    };
    // Read once on B, so B holds the answer in its read cache (decision 009) when A writes.
    const unreadBefore = await unreadOnB();

    const agent = await login(a!.baseUrl, 'agent@example.com', 'Agent@12345');
    const offered = (await (
      await fetch(`${a!.baseUrl}/api/available-sector`, { headers: { authorization: `Bearer ${agent.token}` } })
    ).json()) as AvailableSectorResponse;
    const tickets = offered.tickets.flatMap((sector) => sector.tickets);
    // The latest departure with a seat left: far from today, so no age or date rule gets in the way.
    const ticket = tickets.filter((item) => item.remaining >= 1).sort((x, y) => y.date.localeCompare(x.date))[0];
    if (!ticket) throw new Error(`no open group with a free seat in the demo data (${tickets.length} offered)`);

    const form = new FormData();
    for (const [name, value] of Object.entries({ pnr: ticket.pnr, agent: '0', walking: '0', confirmed: '0', remarks: 'two-process test' })) {
      form.append(name, value);
    }
    form.append('type[]', 'adult');
    form.append('titles[]', 'Mr');
    form.append('firstname[]', 'Ali');
    form.append('lastname[]', 'Khan');
    form.append('dob[]', daysFromToday(-365 * 30));
    form.append('passport_no[]', 'AB1234567');
    form.append('passport_expiry_date[]', daysFromToday(5 * 365));
    form.append('passport_img[]', new Blob([PNG_BYTES], { type: 'image/png' }), 'passport.png');
    const booked = await fetch(`${a!.baseUrl}/api/add-booking`, { method: 'POST', headers: { authorization: `Bearer ${agent.token}` }, body: form });
    const answer = (await booked.json()) as { data?: { id: number } };
    expect(booked.status, JSON.stringify(answer)).toBe(201);
    const bookingId = answer.data!.id;

    const event = (await adminSocket.waitFor(`userevent-${admin.user_id}`, 15_000)) as NotificationEvent;
    expect(event).toMatchObject({ src: bookingId });
    expect(event.message).toContain(`booked 1 seat on PNR ${ticket.pnr}`);
    expect(typeof event.id).toBe('number');

    // The stored row is there for B's API too (the badge of the admin on B), not B's cached count: A's write
    // reached B's cache through Redis before the event did.
    expect(await unreadOnB()).toBe(unreadBefore + 1);
  }, 60_000);
});

describe.skipIf(run)('realtime across two server processes (not run here)', () => {
  it.skip('runs in the postgres project with Redis reachable (or fails under CI=true)', () => undefined);
});
