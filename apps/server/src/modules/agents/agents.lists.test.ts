import { count, eq, isNull } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { PNG_BYTES, pngFile, postForm, uniquePng } from '../../test/uploads.js';
import { users, type UserRow } from '../users/users.table.js';
import { insertPendingAgent, uniqueAddress } from './agents.fixtures.js';

let t: TestApp;
let admin: string;
let agentToken: string;
let agent: UserRow;
beforeAll(async () => {
  ({ t, admin, agentToken, agent: { user: agent } } = await startAppWithAdminAndAgent());
});
afterAll(() => t.close());

/** GET as `token` (the admin by default; null: no token). */
function get(url: string, token: string | null = admin) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

function search(searchquery: unknown, token: string | null = admin) {
  return t.app.inject({ method: 'POST', url: '/api/searchagentbyemail', payload: { searchquery }, headers: token ? bearer(token) : {} });
}

describe('GET /api/listofagents', () => {
  it('when agents of every status exist, then live agents only, newest first, in the paginator shape without administrators', async () => {
    const pending = await insertPendingAgent(t.db, { name: 'List Pending' });
    const rejected = await insertPendingAgent(t.db, { name: 'List Rejected', status: 'rejected' });
    const deleted = await insertPendingAgent(t.db, { name: 'List Deleted' });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));

    const response = await get('/api/listofagents');
    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ current_page: 1, per_page: 20, last_page: 1, prev_page_url: null, next_page_url: null });
    const ids = page.data.map((row: { id: number }) => row.id);
    expect(ids.slice(0, 3)).toEqual([rejected.id, pending.id, agent.id]);
    expect(ids).not.toContain(deleted.id);
    expect(page.data.every((row: { role: string }) => row.role === 'user')).toBe(true);
    expect(page.total).toBe(page.data.length);
    expect(page.data[0]).toEqual({
      id: rejected.id,
      role: 'user',
      name: 'List Rejected',
      agency_name: 'Pending Travels',
      email: rejected.email,
      phone: '03001234567',
      image: null,
      logo: null,
      city: 'LAHORE',
      country: 'Pakistan',
      office_address: 'Mall Road',
      office_no: '0421234567',
      propriter_name: null,
      created_at: rejected.createdAt.toISOString(),
      agent_id: rejected.agentId,
      active_status: 'rejected',
      source: 'register',
      locked_until: null,
      credit_limit: null,
      balance: 0,
      available_credit: null,
    });
  });

  it('when status=pending is asked, then only pending agents come, and the status stays in the page links (decision 023)', async () => {
    const pending = await insertPendingAgent(t.db, { name: 'Status Pending' });
    const rejected = await insertPendingAgent(t.db, { name: 'Status Rejected', status: 'rejected' });
    const page = (await get('/api/listofagents?status=pending')).json();
    const ids = page.data.map((row: { id: number }) => row.id);
    expect(ids).toContain(pending.id);
    expect(ids).not.toContain(rejected.id);
    expect(ids).not.toContain(agent.id);
    expect(page.data.every((row: { active_status: string }) => row.active_status === 'pending')).toBe(true);
    expect(page.total).toBe(page.data.length);
    const rejectedPage = (await get('/api/listofagents?status=rejected')).json();
    expect(rejectedPage.data.map((row: { id: number }) => row.id)).toContain(rejected.id);
    expect(rejectedPage.data.every((row: { active_status: string }) => row.active_status === 'rejected')).toBe(true);
    // No status, or an empty one, is every status.
    const all = (await get('/api/listofagents?status=')).json();
    expect(all.data.map((row: { id: number }) => row.id)).toEqual(expect.arrayContaining([pending.id, rejected.id, agent.id]));
  });

  it('when the status is not a known one, then 422 on status', async () => {
    const response = await get('/api/listofagents?status=active');
    expect(response.statusCode).toBe(422);
    expect(response.json().errors.status).toEqual(['The selected status is invalid.']);
  });

  it('when there are more than 20 agents, then page 2 holds the rest with a previous link', async () => {
    for (let index = 0; index < 21; index += 1) await insertPendingAgent(t.db, { name: `Bulk ${index}` });
    const first = (await get('/api/listofagents?page=1')).json();
    expect(first.data).toHaveLength(20);
    expect(first.next_page_url).toBe('http://localhost:8080/api/listofagents?page=2');
    const second = (await get('/api/listofagents?page=2')).json();
    expect(second.current_page).toBe(2);
    expect(second.prev_page_url).toBe('http://localhost:8080/api/listofagents?page=1');
    expect(second.data.length).toBe(first.total - 20);
    const overlap = second.data.filter((row: { id: number }) => first.data.some((other: { id: number }) => other.id === row.id));
    expect(overlap).toEqual([]);
  });

  it('when the page is not a number, then 422; an agent 403; nobody 401', async () => {
    expect((await get('/api/listofagents?page=x')).statusCode).toBe(422);
    expect((await get('/api/listofagents', agentToken)).statusCode).toBe(403);
    expect((await get('/api/listofagents', null)).statusCode).toBe(401);
  });
});

describe('GET /api/editagent/{id}', () => {
  it('when the agent exists, then data is the agent row with its image URL', async () => {
    const added = await postForm(t.app, '/api/add-agent', [['name', 'Shown'], ['phone', '0300'], ['image', pngFile('shown.png', uniquePng())]], admin);
    const response = await get(`/api/editagent/${added.json().data.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ data: added.json().data });
  });

  it('when the id is unknown, an administrator or deleted, then 404; an agent 403', async () => {
    const [seedAdmin] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    expect((await get('/api/editagent/999999')).statusCode).toBe(404);
    expect((await get(`/api/editagent/${seedAdmin!.id}`)).json()).toEqual({ message: 'Agent not found.' });
    expect((await get(`/api/editagent/${agent.id}`, agentToken)).statusCode).toBe(403);
  });
});

describe('GET /api/listofusers', () => {
  it('when admins and agents exist, then every live user with agent.agency_name for agents and null for admins', async () => {
    const page = (await get('/api/listofusers')).json();
    expect(page).toMatchObject({ current_page: 1, per_page: 20 });
    const all = [...page.data];
    for (let n = 2; n <= page.last_page; n += 1) all.push(...(await get(`/api/listofusers?page=${n}`)).json().data);
    expect(all).toHaveLength(page.total);

    const adminRow = all.find((row) => row.email === ADMIN_EMAIL);
    expect(adminRow).toEqual({
      id: expect.any(Number),
      image_url: null,
      name: expect.any(String),
      email: ADMIN_EMAIL,
      role: 'admin',
      active_status: 'approved',
      created_at: expect.any(String),
      agent_id: null,
      agent: null,
      locked_until: null,
    });
    const agentRow = all.find((row) => row.id === agent.id);
    expect(agentRow).toMatchObject({ role: 'user', agent_id: agent.agentId, agent: { agency_name: 'Test Travels' } });

    const [live] = await t.db.select({ value: count() }).from(users).where(isNull(users.deletedAt));
    expect(page.total).toBe(live!.value);
  });

  it('when an agent asks, then 403', async () => {
    expect((await get('/api/listofusers', agentToken)).statusCode).toBe(403);
  });
});

describe('POST /api/searchagentbyemail', () => {
  it('when part of an e-mail is sent in any case, then agents whose e-mail contains it, of every status', async () => {
    const tag = `find${uniquePng().toString('hex').slice(-6)}`;
    const pending = await insertPendingAgent(t.db, { email: `${tag}.one@example.com` });
    const rejected = await insertPendingAgent(t.db, { email: `x.${tag}@example.com`, status: 'rejected' });
    await insertPendingAgent(t.db, { email: uniqueAddress('other') });
    const response = await search(tag.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json().data.map((row: { id: number }) => row.id)).toEqual([rejected.id, pending.id]);
    expect(response.json().data[0]).toMatchObject({ email: rejected.email, active_status: 'rejected', agent_id: rejected.agentId });
  });

  it('when the agency name or the agent number is sent, then that agent is found', async () => {
    const row = await insertPendingAgent(t.db, { agencyName: 'Zamzam Unique Tours' });
    expect((await search('zamzam unique')).json().data.map((found: { id: number }) => found.id)).toContain(row.id);
    const byNumber = (await search(`Agent-${row.agentId}`)).json().data.map((found: { id: number }) => found.id);
    expect(byNumber).toContain(row.id);
  });

  it('when a form body is sent, then it is read like JSON', async () => {
    const row = await insertPendingAgent(t.db, { email: uniqueAddress('formsearch') });
    const response = await postForm(t.app, '/api/searchagentbyemail', [['searchquery', row.email!]], admin);
    expect(response.json().data.map((found: { id: number }) => found.id)).toEqual([row.id]);
  });

  it('when % or _ is sent, then it matches itself, not everything', async () => {
    expect((await search('%')).json().data).toEqual([]);
    expect((await search('_')).json().data).toEqual([]);
  });

  it('when administrators or deleted agents match, then they are not listed', async () => {
    const gone = await insertPendingAgent(t.db, { email: uniqueAddress('gonesearch') });
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.id));
    expect((await search('gonesearch')).json().data).toEqual([]);
    expect((await search(ADMIN_EMAIL)).json().data).toEqual([]);
  });

  it('when more than 50 agents match, then 50 are answered', async () => {
    for (let index = 0; index < 51; index += 1) await insertPendingAgent(t.db, { email: uniqueAddress('manymatch') });
    expect((await search('manymatch')).json().data).toHaveLength(50);
  });

  it('when the query is empty or blank, then 422 on searchquery', async () => {
    for (const query of ['', '   ', undefined]) {
      const response = await search(query);
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ searchquery: ['The searchquery field is required.'] });
    }
  });

  it('when an agent searches, then 403', async () => {
    expect((await search('a', agentToken)).statusCode).toBe(403);
  });
});

describe('GET /api/my-profile', () => {
  it('when an agent asks, then its own row', async () => {
    const response = await get('/api/my-profile', agentToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id: agent.id, role: 'user', email: agent.email, agent_id: agent.agentId, active_status: 'approved' });
  });

  it('when an admin asks, then its own row with agent_id null', async () => {
    const response = await get('/api/my-profile');
    expect(response.json().data).toMatchObject({ role: 'admin', email: ADMIN_EMAIL, agent_id: null });
  });

  it('when nobody asks, then 401', async () => {
    expect((await get('/api/my-profile', null)).statusCode).toBe(401);
  });
});

describe('POST /api/update-my-profile', () => {
  it('when an admin sends name, e-mail, phone and a picture, then they are saved and it still signs in with the new e-mail', async () => {
    const second = await t.createAdmin();
    const token = await t.loginAs(second.email, second.password);
    const email = uniqueAddress('newadmin');
    const response = await postForm(
      t.app,
      '/api/update-my-profile',
      [['name', 'Renamed Admin'], ['email', email], ['phone', '03001231234'], ['image', pngFile('me.png', PNG_BYTES)]],
      token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Profile updated successfully!');
    expect(response.json().data).toMatchObject({ id: second.user.id, name: 'Renamed Admin', email, phone: '03001231234', role: 'admin' });
    expect(response.json().data.image).toMatch(/\/me-[0-9a-f]{32}\.png$/);
    expect((await get('/api/my-profile', token)).json().data.name).toBe('Renamed Admin');
    await expect(t.loginAs(email, second.password)).resolves.toEqual(expect.any(String));
  });

  it('when the e-mail is missing or taken, then 422 on email', async () => {
    const second = await t.createAdmin();
    const token = await t.loginAs(second.email, second.password);
    const missing = await postForm(t.app, '/api/update-my-profile', [['name', 'A']], token);
    expect(missing.json().errors).toEqual({ email: ['The email field is required.'] });
    const taken = await postForm(t.app, '/api/update-my-profile', [['name', 'A'], ['email', agent.email!]], token);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['The email has already been taken.'] });
  });

  it('when an agent sends anything, even an empty form, then 403 with the read-only note and nothing changes', async () => {
    for (const fields of [[['name', 'Me'], ['email', uniqueAddress()]], []] as Array<Array<[string, string]>>) {
      const response = await postForm(t.app, '/api/update-my-profile', fields, agentToken);
      expect(response.statusCode).toBe(403);
      expect(response.json()).toEqual({ message: 'Your profile can not be changed directly. Please contact the admin.' });
    }
    const [row] = await t.db.select().from(users).where(eq(users.id, agent.id));
    expect(row!.name).toBe(agent.name);
  });

  it('when nobody sends it, then 401', async () => {
    expect((await postForm(t.app, '/api/update-my-profile', [['name', 'X']])).statusCode).toBe(401);
  });
});
