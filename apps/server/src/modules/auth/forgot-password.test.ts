import { FORGOT_PASSWORD_MESSAGE } from '@portal/contract/auth';
import { and, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, randomIp, type TestAgent, type TestApp } from '../../test/helpers.js';
import { emailOutbox } from '../emails/emails.table.js';
import { users } from '../users/users.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function forgot(email: string, remoteAddress = randomIp()) {
  return t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email }, remoteAddress });
}

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: randomIp() });
}

async function mailsTo(address: string) {
  return t.db.select().from(emailOutbox).where(eq(emailOutbox.to, address)).orderBy(emailOutbox.id);
}

/** The temporary password from the newest forgot-password e-mail to the address. */
async function temporaryPasswordOf(address: string): Promise<string> {
  const mails = await mailsTo(address);
  const text = mails.at(-1)?.text ?? '';
  const match = /Your temporary password is: (\S+)/.exec(text);
  if (!match?.[1]) throw new Error(`no temporary password e-mailed to ${address}`);
  return match[1];
}

async function requestFor(agent: TestAgent): Promise<string> {
  const response = await forgot(agent.email);
  expect(response.statusCode).toBe(200);
  return temporaryPasswordOf(agent.email);
}

describe('POST /api/forgot-password (PRODUCT §4)', () => {
  it('when the address is unknown, then 200 with the same message and nothing is queued', async () => {
    const before = await t.db.select({ id: emailOutbox.id }).from(emailOutbox);
    const response = await forgot('nobody-here@example.com');
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
    expect(await t.db.select({ id: emailOutbox.id }).from(emailOutbox)).toHaveLength(before.length);
  });

  it('when the account is pending, rejected, deactivated or deleted, then the same answer and nothing is queued', async () => {
    const pending = await t.createAgent({ status: 'pending' });
    const rejected = await t.createAgent({ status: 'rejected' });
    const inactive = await t.createAgent({ isActive: false });
    const deleted = await t.createAgent();
    await t.db.update(users).set({ deletedAt: sql`now()` }).where(eq(users.id, deleted.user.id));
    for (const agent of [pending, rejected, inactive, deleted]) {
      const response = await forgot(agent.email);
      expect(response.statusCode).toBe(200);
      expect(response.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });
      expect(await mailsTo(agent.email)).toHaveLength(0);
    }
  });

  it('when an approved agent asks, then the same message and one queued e-mail carrying only a hash in the database', async () => {
    const agent = await t.createAgent();
    const response = await forgot(agent.email.toUpperCase());
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: FORGOT_PASSWORD_MESSAGE });

    const mails = await mailsTo(agent.email);
    expect(mails).toHaveLength(1);
    expect(mails[0]).toMatchObject({ subject: 'Your temporary password', status: 'queued' });
    const temporary = await temporaryPasswordOf(agent.email);
    const [row] = await t.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(row?.tempPasswordHash).toMatch(/^scrypt\$/);
    expect(row?.tempPasswordHash).not.toContain(temporary);
    // Valid 1 hour from now, by the database clock.
    const minutesLeft = (row!.tempPasswordExpiresAt!.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(58);
    expect(minutesLeft).toBeLessThanOrEqual(61);
  });

  it('when the temporary password is used, then it becomes the password, change_password is set and the old one stops working', async () => {
    const agent = await t.createAgent();
    const temporary = await requestFor(agent);

    const response = await login(agent.email, temporary);
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toMatchObject({ user_id: agent.user.id, change_password: true });

    const [row] = await t.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(row).toMatchObject({ tempPasswordHash: null, tempPasswordExpiresAt: null, changePassword: true });
    expect((await login(agent.email, agent.password)).statusCode).toBe(401);
  });

  it('when the forced change follows, then the temporary password no longer signs in', async () => {
    const agent = await t.createAgent();
    const temporary = await requestFor(agent);
    const token = (await login(agent.email, temporary)).json().success.token as string;
    const change = await t.app.inject({
      method: 'POST',
      url: '/api/changeuserpassword',
      headers: { authorization: `Bearer ${token}` },
      payload: { old_password: temporary, new_password: 'Chosen-by-me-1' },
    });
    expect(change.statusCode).toBe(200);
    expect((await login(agent.email, temporary)).statusCode).toBe(401);
    expect((await login(agent.email, 'Chosen-by-me-1')).json().success.change_password).toBe(false);
  });

  it('when the old password is used after a request, then it still signs in and the temporary one stays valid', async () => {
    const agent = await t.createAgent();
    const temporary = await requestFor(agent);

    const withOld = await login(agent.email, agent.password);
    expect(withOld.statusCode).toBe(200);
    expect(withOld.json().success.change_password).toBe(false);

    const withTemporary = await login(agent.email, temporary);
    expect(withTemporary.statusCode).toBe(200);
    expect(withTemporary.json().success.change_password).toBe(true);
  });

  it('when the hour has passed, then the temporary password is refused and the old one still works', async () => {
    const agent = await t.createAgent();
    const temporary = await requestFor(agent);
    await t.db
      .update(users)
      .set({ tempPasswordExpiresAt: sql`now() - interval '1 second'` })
      .where(eq(users.id, agent.user.id));

    const response = await login(agent.email, temporary);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password' });
    expect((await login(agent.email, agent.password)).statusCode).toBe(200);
  });

  it('when a second request follows, then only the newest temporary password works', async () => {
    const agent = await t.createAgent();
    const first = await requestFor(agent);
    const second = await requestFor(agent);
    expect(second).not.toBe(first);
    expect((await login(agent.email, first)).statusCode).toBe(401);
    expect((await login(agent.email, second)).statusCode).toBe(200);
  });

  it('when one address asks a 4th time within the hour from one IP, then 429', async () => {
    const agent = await t.createAgent();
    const ip = randomIp();
    for (let i = 0; i < 3; i++) expect((await forgot(agent.email, ip)).statusCode).toBe(200);
    const response = await forgot(agent.email, ip);
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
    expect(await mailsTo(agent.email)).toHaveLength(3);
  });

  it('when someone elsewhere used up the requests for an address, then its owner can still ask (issue 16 point 4)', async () => {
    const agent = await t.createAgent();
    const attacker = randomIp();
    for (let i = 0; i < 4; i++) await forgot(agent.email, attacker);
    const response = await forgot(agent.email, randomIp());
    expect(response.statusCode).toBe(200);
    expect(await mailsTo(agent.email)).toHaveLength(4);
  });

  it('when one IP asks 11 times within the hour, then the 11th is 429', async () => {
    const ip = randomIp();
    for (let i = 0; i < 10; i++) expect((await forgot(`someone${i}@example.com`, ip)).statusCode).toBe(200);
    expect((await forgot('someone-else@example.com', ip)).statusCode).toBe(429);
  });

  it('when the e-mail is malformed, then 422 errors.email', async () => {
    const response = await forgot('not-an-email');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The email must be a valid email address.',
      errors: { email: ['The email must be a valid email address.'] },
    });
  });

  it('when an admin asks, then the admin gets a temporary password too', async () => {
    const admin = await t.createAdmin();
    const temporary = await requestFor(admin);
    expect((await login(admin.email, temporary)).json().success).toMatchObject({ role: 'admin', change_password: true });
    const rows = await t.db
      .select()
      .from(users)
      .where(and(eq(users.id, admin.user.id), eq(users.changePassword, true)));
    expect(rows).toHaveLength(1);
  });
});
