import {
  ADMIN_ACTIVATED_MESSAGE,
  ADMIN_ADDED_MESSAGE,
  ADMIN_DEACTIVATED_MESSAGE,
  ADMIN_LAST_ACTIVE_MESSAGE,
  ADMIN_SELF_DEACTIVATE_MESSAGE,
  ADMIN_UPDATED_MESSAGE,
  SETTINGS_EMAIL_TAKEN_MESSAGE,
  type AdminUser,
} from '@portal/contract/settings';
import { and, eq, inArray, isNull, ne } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, multipart, randomIp, type TestApp } from '../../test/helpers.js';
import { tokens } from '../auth/tokens.table.js';
import { users } from '../users/users.table.js';
import { SYSTEM_ACTOR } from '../audit/audit.usecases.js';
import { toggleAdmin } from './settings.usecases.js';

let t: TestApp;
let adminToken: string;
let adminId: number;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
  adminId = admin!.id;
});
afterAll(async () => {
  await t.close();
});

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: randomIp() });
}
function toggle(id: number, token = adminToken) {
  return t.app.inject({ method: 'GET', url: `/api/toggle-admin/${id}`, headers: bearer(token) });
}

describe('POST /api/add-admin', () => {
  it('when the admin adds a user with a form, then it is an active admin who can sign in and is listed', async () => {
    const form = multipart([
      ['name', ' Ayesha Khan '],
      ['email', 'Ayesha.Admin@Example.com'],
      ['password', 'Secret@123'],
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/add-admin', headers: { ...bearer(adminToken), ...form.headers }, payload: form.payload });
    expect(response.statusCode).toBe(201);
    const body = response.json() as { message: string; data: AdminUser };
    expect(body.message).toBe(ADMIN_ADDED_MESSAGE);
    expect(body.data).toMatchObject({ name: 'Ayesha Khan', email: 'ayesha.admin@example.com', is_active: true });

    const [row] = await t.db.select().from(users).where(eq(users.id, body.data.id));
    expect(row).toMatchObject({ role: 'admin', activeStatus: 'approved', isActive: true });
    expect(row!.passwordHash).toMatch(/^scrypt\$/);

    const signIn = await login('ayesha.admin@example.com', 'Secret@123');
    expect(signIn.statusCode).toBe(200);

    const list = await t.app.inject({ method: 'GET', url: '/api/list-admins', headers: bearer(adminToken) });
    expect(list.statusCode).toBe(200);
    const admins = (list.json() as { data: AdminUser[] }).data;
    expect(admins.map((admin) => admin.email)).toEqual(expect.arrayContaining([ADMIN_EMAIL, 'ayesha.admin@example.com']));
    expect(admins[0]).toEqual({
      id: adminId,
      name: expect.any(String),
      email: ADMIN_EMAIL,
      is_active: true,
      created_at: expect.any(String),
      locked_until: null,
    });
  });

  it('when the e-mail belongs to a live user (an agent too), then 422; a short password or missing name are named', async () => {
    const agent = await t.createAgent();
    const taken = await t.app.inject({
      method: 'POST',
      url: '/api/add-admin',
      headers: bearer(adminToken),
      payload: { name: 'X', email: agent.email.toUpperCase(), password: 'Secret@123' },
    });
    expect(taken.statusCode).toBe(422);
    expect(taken.json()).toEqual({ message: SETTINGS_EMAIL_TAKEN_MESSAGE, errors: { email: [SETTINGS_EMAIL_TAKEN_MESSAGE] } });

    const invalid = await t.app.inject({ method: 'POST', url: '/api/add-admin', headers: bearer(adminToken), payload: { name: '', email: 'new@example.com', password: 'short' } });
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json()).toMatchObject({
      errors: { name: ['The name field is required.'], password: ['The password must be at least 10 characters.'] },
    });
  });

  it('when the e-mail belonged to a deleted user, then it can be reused', async () => {
    const agent = await t.createAgent();
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, agent.user.id));
    const response = await t.app.inject({ method: 'POST', url: '/api/add-admin', headers: bearer(adminToken), payload: { name: 'Reuse', email: agent.email, password: 'Secret@123' } });
    expect(response.statusCode).toBe(201);
  });

  it('when an agent calls the admin-user routes, then 403', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    expect((await t.app.inject({ method: 'GET', url: '/api/list-admins', headers: bearer(token) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'POST', url: '/api/add-admin', headers: bearer(token), payload: { name: 'A', email: 'a1@example.com', password: 'Secret@123' } })).statusCode).toBe(403);
    expect((await toggle(adminId, token)).statusCode).toBe(403);
  });
});

describe('POST /api/update-admin/{id}', () => {
  it('when name and e-mail change without a password, then the old password still signs in; with one, only the new one does', async () => {
    const other = await t.createAdmin();
    const renamed = await t.app.inject({
      method: 'POST',
      url: `/api/update-admin/${other.user.id}`,
      headers: bearer(adminToken),
      payload: { name: 'Renamed Admin', email: 'renamed.admin@example.com', password: '' },
    });
    expect(renamed.statusCode).toBe(200);
    expect(renamed.json()).toMatchObject({ message: ADMIN_UPDATED_MESSAGE, data: { name: 'Renamed Admin', email: 'renamed.admin@example.com' } });
    expect((await login('renamed.admin@example.com', other.password)).statusCode).toBe(200);

    const withPassword = await t.app.inject({
      method: 'POST',
      url: `/api/update-admin/${other.user.id}`,
      headers: bearer(adminToken),
      payload: { name: 'Renamed Admin', email: 'renamed.admin@example.com', password: 'Changed@123' },
    });
    expect(withPassword.statusCode).toBe(200);
    expect((await login('renamed.admin@example.com', other.password)).statusCode).not.toBe(200);
    expect((await login('renamed.admin@example.com', 'Changed@123')).statusCode).toBe(200);
  });

  it("when the e-mail is another live user's, then 422; keeping its own e-mail is fine", async () => {
    const other = await t.createAdmin();
    const clash = await t.app.inject({ method: 'POST', url: `/api/update-admin/${other.user.id}`, headers: bearer(adminToken), payload: { name: 'A', email: ADMIN_EMAIL } });
    expect(clash.statusCode).toBe(422);
    expect(clash.json()).toMatchObject({ errors: { email: [SETTINGS_EMAIL_TAKEN_MESSAGE] } });
    const same = await t.app.inject({ method: 'POST', url: `/api/update-admin/${other.user.id}`, headers: bearer(adminToken), payload: { name: 'A', email: other.email } });
    expect(same.statusCode).toBe(200);
  });

  it('when the id is an agent or unknown, then 404', async () => {
    const agent = await t.createAgent();
    for (const id of [agent.user.id, 999_999]) {
      const response = await t.app.inject({ method: 'POST', url: `/api/update-admin/${id}`, headers: bearer(adminToken), payload: { name: 'A', email: 'x404@example.com' } });
      expect(response.statusCode).toBe(404);
    }
    expect((await toggle(agent.user.id)).statusCode).toBe(404);
  });
});

describe('GET /api/toggle-admin/{id}', () => {
  it('when an admin is deactivated, then its tokens are revoked and it cannot sign in; reactivated, it can again', async () => {
    const other = await t.createAdmin();
    const otherToken = await t.loginAs(other.email, other.password);

    const off = await toggle(other.user.id);
    expect(off.statusCode).toBe(200);
    expect(off.json()).toMatchObject({ message: ADMIN_DEACTIVATED_MESSAGE, data: { id: other.user.id, is_active: false } });
    const live = await t.db.select().from(tokens).where(and(eq(tokens.userId, other.user.id), isNull(tokens.revokedAt)));
    expect(live).toHaveLength(0);
    expect((await t.app.inject({ method: 'GET', url: '/api/settings', headers: bearer(otherToken) })).statusCode).toBe(401);
    expect((await login(other.email, other.password)).statusCode).not.toBe(200);

    const on = await toggle(other.user.id);
    expect(on.statusCode).toBe(200);
    expect(on.json()).toMatchObject({ message: ADMIN_ACTIVATED_MESSAGE, data: { is_active: true } });
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('when an admin deactivates itself, then 409 and it stays active', async () => {
    const response = await toggle(adminId);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: ADMIN_SELF_DEACTIVATE_MESSAGE });
    const [row] = await t.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, adminId));
    expect(row!.isActive).toBe(true);
  });

  it('when two admins deactivate each other at the same time, then one succeeds and an active admin remains', async () => {
    const first = await t.createAdmin();
    const second = await t.createAdmin();
    // Only these two are active for this test.
    await t.db.update(users).set({ isActive: false }).where(eq(users.role, 'admin'));
    await t.db.update(users).set({ isActive: true }).where(inArray(users.id, [first.user.id, second.user.id]));
    const [firstToken, secondToken] = [await t.loginAs(first.email, first.password), await t.loginAs(second.email, second.password)];

    const answers = await Promise.all([toggle(second.user.id, firstToken), toggle(first.user.id, secondToken)]);
    const codes = answers.map((answer) => answer.statusCode).sort();
    // The loser is refused: 409 when it passed the auth hook before the winner committed, 401 when after.
    expect(codes[0]).toBe(200);
    expect([401, 409]).toContain(codes[1]);
    const active = await t.db.select({ id: users.id }).from(users).where(and(eq(users.role, 'admin'), eq(users.isActive, true)));
    expect(active).toHaveLength(1);
    await t.db.update(users).set({ isActive: true }).where(eq(users.id, adminId));
  });

  it('when the target is the only active admin (its deactivator lost a race), then 409 with the last-admin message', async () => {
    const loser = await t.createAdmin({ isActive: false });
    await t.db.update(users).set({ isActive: false }).where(and(eq(users.role, 'admin'), ne(users.id, adminId)));
    await expect(toggleAdmin({ db: t.db, actor: SYSTEM_ACTOR, id: adminId, actorId: loser.user.id })).rejects.toMatchObject({
      statusCode: 409,
      message: ADMIN_LAST_ACTIVE_MESSAGE,
    });
    const [row] = await t.db.select({ isActive: users.isActive }).from(users).where(eq(users.id, adminId));
    expect(row!.isActive).toBe(true);
  });
});
