import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { users, type UserRow } from '../users/users.table.js';
import { insertPendingAgent } from './agents.fixtures.js';

// Issue 21 §7 (decision 022): the Agents table searches and filters by status on the server.

let t: TestApp;
let admin: string;
let agentToken: string;
const agents: Record<'falcon' | 'crescent' | 'zamzam' | 'hidden', UserRow> = {} as never;

beforeAll(async () => {
  t = await buildTestApp();
  admin = (await insertUserWithToken(t.db, { role: 'admin' })).token;
  agentToken = (await insertUserWithToken(t.db, { name: 'Signed In Agent', agencyName: 'Own Agency' })).token;
  agents.falcon = await insertPendingAgent(t.db, { name: 'Imran Ali', agencyName: 'Falcon Travels', status: 'approved' });
  agents.crescent = await insertPendingAgent(t.db, { name: 'Sana Malik', agencyName: 'Crescent Tours', status: 'pending' });
  agents.zamzam = await insertPendingAgent(t.db, { name: 'Usman Tariq', agencyName: 'Zam Zam Travels', status: 'rejected' });
  agents.hidden = await insertPendingAgent(t.db, { name: 'Deleted Travels Agent', agencyName: 'Falcon Travels Old', status: 'approved' });
  await t.db.update(users).set({ phone: '03214567890' }).where(eq(users.id, agents.crescent.id));
  await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, agents.hidden.id));
  t.dataChanged();
});
afterAll(() => t.close());

async function listIds(query: string): Promise<number[]> {
  const response = await t.app.inject({ method: 'GET', url: `/api/listofagents${query}`, headers: bearer(admin) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data.map((row: { id: number }) => row.id);
}

describe('GET /api/listofagents?search=&status=', () => {
  it('when a search is sent, then agents whose name, agency, e-mail, phone or number contain it come, live ones only', async () => {
    expect(await listIds('?search=travels')).toEqual([agents.zamzam.id, agents.falcon.id]);
    expect(await listIds('?search=SANA')).toEqual([agents.crescent.id]);
    expect(await listIds(`?search=${encodeURIComponent(agents.falcon.email!.toUpperCase())}`)).toEqual([agents.falcon.id]);
    expect(await listIds('?search=4567890')).toEqual([agents.crescent.id]);
    expect(await listIds(`?search=Agent-${agents.zamzam.agentId}`)).toEqual([agents.zamzam.id]);
    expect(await listIds('?search=100%25')).toEqual([]);
  });

  it('when a status is sent, then only agents of that status come; with a search both apply', async () => {
    const pending = await listIds('?status=pending');
    expect(pending).toEqual([agents.crescent.id]);
    const approved = await listIds('?status=approved');
    expect(approved).toContain(agents.falcon.id);
    expect(approved).not.toContain(agents.crescent.id);
    expect(approved).not.toContain(agents.zamzam.id);
    expect(await listIds('?status=rejected&search=zam')).toEqual([agents.zamzam.id]);
    expect(await listIds('?status=pending&search=falcon')).toEqual([]);
    expect((await listIds('?status=&search=')).length).toBe(4);
  });

  it('when the list is narrowed, then total counts the matches and the page links keep the filters', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/listofagents?search=travels&status=approved', headers: bearer(admin) });
    expect(response.json()).toMatchObject({ total: 1, last_page: 1, next_page_url: null });
    const page2 = await t.app.inject({ method: 'GET', url: '/api/listofagents?search=travels&page=2', headers: bearer(admin) });
    expect(page2.json()).toMatchObject({ data: [], total: 2, prev_page_url: expect.stringContaining('search=travels&page=1') });
  });

  it('when the status is unknown, then 422 on status; an agent gets 403', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/listofagents?status=active', headers: bearer(admin) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.status).toEqual(['The selected status is invalid.']);
    expect((await t.app.inject({ method: 'GET', url: '/api/listofagents?search=a', headers: bearer(agentToken) })).statusCode).toBe(403);
  });
});
