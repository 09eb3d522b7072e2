import { INFANTS_OVER_ADULTS_MESSAGE, MAX_ADULTS_MESSAGE, MIN_ADULTS_MESSAGE } from '@portal/contract/bookings';
import { sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runsOneTransactionAtATime } from '../../lib/prepared.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertBooking } from '../../test/inventory-factories.js';
import { checkAvailability, insertAgentWithToken, insertBookableGroup } from './bookings.fixtures.js';

let t: TestApp;
let adminToken: string;
let agentToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  agentToken = (await insertAgentWithToken(t.db)).token;
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/check-availbility', () => {
  it('when the group has enough seats, then status true with the remaining seats, prices and server total', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 5, price: 100_000, infantPrice: 20_000 });
    const admin = await t.db.query.users.findFirst();
    await insertBooking(t.db, { groupId: group.id, addedBy: admin!.id, adults: 2, infants: 1 });
    const response = await checkAvailability(t.app, agentToken, { adult: '2', child: '1', infant: '1', pnr: group.pnr, price: '1' });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      data: {
        status: true,
        remaining: 3,
        price: 100_000,
        infant_price: 20_000,
        total_amount: 3 * 100_000 + 20_000,
        updated_at: group.updatedAt.toISOString(),
      },
    });
  });

  it('when adults + children exceed the remaining seats, then status false; infants take no seat', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 2 });
    const short = await checkAvailability(t.app, agentToken, { adult: 2, child: 1, infant: 0, pnr: group.pnr });
    expect(short.json().data).toMatchObject({ status: false, remaining: 2 });
    const withInfants = await checkAvailability(t.app, adminToken, { adult: 2, child: '', infant: 2, pnr: group.pnr });
    expect(withInfants.json().data).toMatchObject({ status: true, remaining: 2 });
  });

  it.each([
    ['closed', { closed: true }],
    ['departed', { firstDay: -1 }],
    ['deleted', { deleted: true }],
  ])('when the group is %s, then status false', async (_name, options) => {
    const group = await insertBookableGroup(t.db, options);
    const response = await checkAvailability(t.app, agentToken, { adult: 1, pnr: group.pnr });
    expect(response.statusCode).toBe(200);
    expect(response.json().data.status).toBe(false);
  });

  it('when the group departs today (Asia/Karachi), then it can still be booked', async () => {
    const group = await insertBookableGroup(t.db, { firstDay: 0 });
    expect((await checkAvailability(t.app, agentToken, { adult: 1, pnr: group.pnr })).json().data.status).toBe(true);
  });

  it('when the PNR is unknown, then status false with no prices', async () => {
    const response = await checkAvailability(t.app, agentToken, { adult: 1, child: 0, infant: 0, pnr: 'NOPE42' });
    expect(response.json()).toEqual({
      data: { status: false, remaining: 0, price: null, infant_price: null, total_amount: null, updated_at: null },
    });
  });

  it.each([
    [{ adult: 6 }, { adult: [MAX_ADULTS_MESSAGE] }],
    [{ adult: '', child: 2 }, { adult: [MIN_ADULTS_MESSAGE] }],
    [{ adult: 1, infant: 2 }, { infant: [INFANTS_OVER_ADULTS_MESSAGE] }],
    [{ adult: '1.5' }, { adult: ['The adult must be an integer.'] }],
    [{ adult: 1, child: -1 }, { child: ['The child must be at least 0.'] }],
    [{ adult: 'two' }, { adult: ['The adult must be an integer.'] }],
  ])('when the counts are %j, then 422 %j', async (counts, errors) => {
    const group = await insertBookableGroup(t.db);
    const response = await checkAvailability(t.app, agentToken, { ...counts, pnr: group.pnr });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual(errors);
  });

  it('when the pnr is missing, then 422; when nobody is signed in, then 401', async () => {
    expect((await checkAvailability(t.app, agentToken, { adult: 1 })).json().errors).toEqual({ pnr: ['The pnr field is required.'] });
    expect((await checkAvailability(t.app, undefined, { adult: 1, pnr: 'X' })).statusCode).toBe(401);
  });
});

describe('POST /api/searchagent', () => {
  function search(token: string, searchquery: unknown) {
    return t.app.inject({ method: 'POST', url: '/api/searchagent', payload: { searchquery }, headers: bearer(token) });
  }

  it('when an admin searches by name, agency or number, then approved agents answer {id, name}', async () => {
    const zeb = await insertAgentWithToken(t.db, { name: 'Zebunnisa Qureshi', agencyName: 'Skyway Tours' });
    await insertAgentWithToken(t.db, { name: 'Zebunnisa Pending', status: 'pending' });
    const byName = await search(adminToken, 'zebun');
    expect(byName.statusCode).toBe(200);
    expect(byName.json()).toEqual({ data: [{ id: zeb.user.id, name: 'Zebunnisa Qureshi', agent_id: zeb.user.agentId, agency_name: 'Skyway Tours' }] });
    expect((await search(adminToken, 'SKYWAY')).json().data.map((row: { id: number }) => row.id)).toEqual([zeb.user.id]);
    const byNumber = await search(adminToken, `Agent-${zeb.user.agentId}`);
    expect(byNumber.json().data.map((row: { id: number }) => row.id)).toContain(zeb.user.id);
    // LIKE wildcards in the query are taken literally.
    expect((await search(adminToken, '%')).json().data).toEqual([]);
  });

  it('when the query is empty, then an empty list; at most 20 agents answer', async () => {
    expect((await search(adminToken, '')).json()).toEqual({ data: [] });
    expect((await search(adminToken, undefined)).json()).toEqual({ data: [] });
    for (let index = 0; index < 22; index++) await insertAgentWithToken(t.db, { name: `Manyname ${String(index).padStart(2, '0')}` });
    const many = await search(adminToken, 'manyname');
    expect(many.json().data).toHaveLength(20);
    expect(many.json().data[0].name).toBe('Manyname 00');
  });

  it('when an agent searches, then 403', async () => {
    expect((await search(agentToken, 'a')).statusCode).toBe(403);
  });
});

describe('OpenAPI', () => {
  it('when /api/docs/json is read, then the three booking paths are described', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys((response.json() as { paths: Record<string, unknown> }).paths);
    expect(paths).toEqual(expect.arrayContaining(['/api/check-availbility', '/api/add-booking', '/api/searchagent']));
  });
});

describe('check-availbility as one fixed statement (decision 060 addendum)', () => {
  it('when the dialog asks for 1, 2 and 3 seats, then each answer counts the held seats and the embedded database prepared the statement once', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 6 });
    const admin = await t.db.query.users.findFirst();
    await insertBooking(t.db, { groupId: group.id, addedBy: admin!.id, adults: 2 });
    for (const adults of [1, 2, 3]) {
      const response = await checkAvailability(t.app, agentToken, { adult: String(adults), child: '0', infant: '0', pnr: group.pnr });
      expect(response.json().data).toMatchObject({ status: true, remaining: 4, total_amount: adults * group.price, updated_at: group.updatedAt.toISOString() });
    }
    // PREPAREd once per PGlite (by the statement cache, decision 062); PostgreSQL names it per pooled connection, where
    // this view does not show it. The statement is the one that reads infant_price as infant_price with the sold seats.
    if (runsOneTransactionAtATime(t.db)) {
      const rows = await t.db.execute(
        sql`select count(*)::int as n from pg_prepared_statements where statement like '%as infant_price,%' and statement like '%as sold%' and statement like '%limit 1'`,
      );
      expect(Number((rows as unknown as { rows: Array<{ n: number }> }).rows[0]!.n)).toBe(1);
    }
  });
});
