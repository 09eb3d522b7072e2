import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { tokens } from '../auth/tokens.table.js';
import { users } from '../users/users.table.js';
import { insertPendingAgent, outboxTo, passwordIn, postLogin } from './agents.fixtures.js';

let t: TestApp;
let admin: string;
let agentToken: string;
beforeAll(async () => {
  ({ t, admin, agentToken } = await startAppWithAdminAndAgent());
});
afterAll(() => t.close());

/** GET as `token` (the admin by default; null: no token). */
function get(url: string, token: string | null = admin) {
  return t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
}

async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('GET /api/approve-user/{id}', () => {
  it('when a pending agent is accepted, then it is approved with change_password and whatsapp_pending, and one login e-mail is queued', async () => {
    const pending = await insertPendingAgent(t.db);
    const response = await get(`/api/approve-user/${pending.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('User approved successfully!');
    expect(response.json().data).toMatchObject({ id: pending.id, active_status: 'approved', agent_id: pending.agentId });

    const row = await userRow(pending.id);
    expect(row).toMatchObject({ activeStatus: 'approved', changePassword: true, whatsappPending: true });
    expect(row.passwordHash).toMatch(/^scrypt\$/);

    const mails = await outboxTo(t.db, pending.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Your Group Fares login details', status: 'queued' });
    expect(mails[0]!.text).toContain(`E-mail: ${pending.email}`);
    expect(mails[0]!.text).toContain(`${t.config.publicUrl}/signin`);
    expect(passwordIn(mails[0]!.text)).toMatch(/^[A-Za-z0-9]{12}$/);
  });

  it('when the accepted agent signs in with the e-mailed password, then 200 with change_password and w_verified true', async () => {
    const pending = await insertPendingAgent(t.db);
    expect((await get(`/api/approve-user/${pending.id}`)).statusCode).toBe(200);
    const [mail] = await outboxTo(t.db, pending.email!);

    const login = await postLogin(t.app, pending.email!, passwordIn(mail!.text));
    expect(login.statusCode).toBe(200);
    expect(login.json().success).toMatchObject({
      role: 'user',
      user_id: pending.id,
      agent_id: pending.agentId,
      change_password: true,
      w_verified: true,
    });
  });

  it('when a rejected agent is accepted, then it is approved and can sign in', async () => {
    const rejected = await insertPendingAgent(t.db, { status: 'rejected' });
    expect((await get(`/api/approve-user/${rejected.id}`)).statusCode).toBe(200);
    const [mail] = await outboxTo(t.db, rejected.email!);
    expect((await postLogin(t.app, rejected.email!, passwordIn(mail!.text))).statusCode).toBe(200);
  });

  it('when the agent is already approved, then 409 and no second e-mail', async () => {
    const pending = await insertPendingAgent(t.db);
    await get(`/api/approve-user/${pending.id}`);
    const again = await get(`/api/approve-user/${pending.id}`);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe('This agent is already approved.');
    expect(await outboxTo(t.db, pending.email!)).toHaveLength(1);
  });

  it('when two accepts race, then one answers 200, the other 409, and one e-mail is queued', async () => {
    const pending = await insertPendingAgent(t.db);
    const answers = await Promise.all([get(`/api/approve-user/${pending.id}`), get(`/api/approve-user/${pending.id}`)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect(await outboxTo(t.db, pending.email!)).toHaveLength(1);
  });

  it('when the agent has no e-mail, then 422 on email and it stays pending', async () => {
    const pending = await insertPendingAgent(t.db);
    await t.db.update(users).set({ email: null }).where(eq(users.id, pending.id));
    const response = await get(`/api/approve-user/${pending.id}`);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The agent needs an email address to receive the login details.'] });
    expect((await userRow(pending.id)).activeStatus).toBe('pending');
  });

  it('when the id is unknown, an administrator or a deleted agent, then 404', async () => {
    const [seedAdmin] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const deleted = await insertPendingAgent(t.db);
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    for (const id of [999_999, seedAdmin!.id, deleted.id]) {
      const response = await get(`/api/approve-user/${id}`);
      expect(response.statusCode).toBe(404);
      expect(response.json().message).toBe('Agent not found.');
    }
  });

  it('when an agent or nobody calls it, then 403 and 401 and nothing changes', async () => {
    const pending = await insertPendingAgent(t.db);
    expect((await get(`/api/approve-user/${pending.id}`, agentToken)).statusCode).toBe(403);
    expect((await get(`/api/approve-user/${pending.id}`, null)).statusCode).toBe(401);
    expect((await userRow(pending.id)).activeStatus).toBe('pending');
  });

  it('when the id is not a number, then 422', async () => {
    expect((await get('/api/approve-user/abc')).statusCode).toBe(422);
  });
});

describe('sign-in by approval state', () => {
  it('when a pending agent signs in, then 403 with the pending message', async () => {
    const pending = await insertPendingAgent(t.db);
    const login = await postLogin(t.app, pending.email!, 'whatever-1234');
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/pending approval/);
  });

  it('when a rejected agent signs in, then 403 with the rejection message', async () => {
    const rejected = await insertPendingAgent(t.db, { status: 'rejected' });
    const login = await postLogin(t.app, rejected.email!, 'whatever-1234');
    expect(login.statusCode).toBe(403);
    expect(login.json().message).toMatch(/not approved/);
  });
});

describe('GET /api/reject-user/{id}', () => {
  it('when a pending agent is rejected, then it is rejected and a polite e-mail is queued', async () => {
    const pending = await insertPendingAgent(t.db, { name: 'Ali Raza' });
    const response = await get(`/api/reject-user/${pending.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('User rejected successfully!');
    expect(response.json().data.active_status).toBe('rejected');
    const mails = await outboxTo(t.db, pending.email!);
    expect(mails).toHaveLength(1);
    expect(mails[0]!.subject).toBe('Your Group Fares registration');
    expect(mails[0]!.text).toContain('Dear Ali Raza');
    expect(mails[0]!.text).not.toMatch(/Password:/);
  });

  it('when a signed-in approved agent is rejected, then its token answers 401 and it cannot sign in', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    expect((await get('/api/my-profile', token)).statusCode).toBe(200);

    expect((await get(`/api/reject-user/${agent.user.id}`)).statusCode).toBe(200);
    const live = await t.db.select().from(tokens).where(eq(tokens.userId, agent.user.id));
    expect(live.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await get('/api/my-profile', token)).statusCode).toBe(401);
    expect((await postLogin(t.app, agent.email, agent.password)).statusCode).toBe(403);
  });

  it('when the agent has no e-mail, then it is rejected without an e-mail', async () => {
    const pending = await insertPendingAgent(t.db);
    await t.db.update(users).set({ email: null }).where(eq(users.id, pending.id));
    expect((await get(`/api/reject-user/${pending.id}`)).statusCode).toBe(200);
    expect(await outboxTo(t.db, pending.email!)).toHaveLength(0);
  });

  it('when the agent is already rejected, then 409', async () => {
    const rejected = await insertPendingAgent(t.db, { status: 'rejected' });
    const response = await get(`/api/reject-user/${rejected.id}`);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe('This agent is already rejected.');
    expect(await outboxTo(t.db, rejected.email!)).toHaveLength(0);
  });

  it('when the id is unknown, then 404; when an agent calls it, then 403', async () => {
    expect((await get('/api/reject-user/999999')).statusCode).toBe(404);
    const pending = await insertPendingAgent(t.db);
    expect((await get(`/api/reject-user/${pending.id}`, agentToken)).statusCode).toBe(403);
    expect((await userRow(pending.id)).activeStatus).toBe('pending');
  });
});

describe('GET /api/deleteagent/{id}', () => {
  it('when an agent is deleted, then it is soft-deleted, its old token answers 401 and it cannot sign in', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    const response = await get(`/api/deleteagent/${agent.user.id}`);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Agent Deleted successfully!' });

    expect((await userRow(agent.user.id)).deletedAt).toBeInstanceOf(Date);
    const rows = await t.db.select().from(tokens).where(eq(tokens.userId, agent.user.id));
    expect(rows.length).toBeGreaterThan(0);
    expect(rows.every((row) => row.revokedAt !== null)).toBe(true);
    expect((await get('/api/my-profile', token)).statusCode).toBe(401);
    expect((await postLogin(t.app, agent.email, agent.password)).statusCode).toBe(401);
  });

  it('when it is deleted again, then 404', async () => {
    const pending = await insertPendingAgent(t.db);
    expect((await get(`/api/deleteagent/${pending.id}`)).statusCode).toBe(200);
    const again = await get(`/api/deleteagent/${pending.id}`);
    expect(again.statusCode).toBe(404);
    expect(again.json().message).toBe('Agent not found.');
  });

  it('when the id is an administrator, then 404 and the administrator stays', async () => {
    const other = await t.createAdmin();
    expect((await get(`/api/deleteagent/${other.user.id}`)).statusCode).toBe(404);
    expect((await userRow(other.user.id)).deletedAt).toBeNull();
  });

  it('when an agent calls it, then 403 and nothing is deleted', async () => {
    const pending = await insertPendingAgent(t.db);
    expect((await get(`/api/deleteagent/${pending.id}`, agentToken)).statusCode).toBe(403);
    expect((await get(`/api/deleteagent/${pending.id}`, null)).statusCode).toBe(401);
    expect((await userRow(pending.id)).deletedAt).toBeNull();
  });

  it('when a deleted agent’s e-mail registers again, then the address is free', async () => {
    const pending = await insertPendingAgent(t.db);
    await get(`/api/deleteagent/${pending.id}`);
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: {
        email: pending.email,
        name: 'Back Again',
        office_no: '042111',
        phone: '03001112222',
        office_address: 'Gulberg',
        agency_name: 'Again Travels',
        city: 'Lahore',
      },
    });
    expect(register.statusCode).toBe(201);
  });
});
