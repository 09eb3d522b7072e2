import { ACCOUNT_LOCKED_EMAIL_SUBJECT, accountLockedMessage, formatKarachiDateTime } from '@portal/contract/auth';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { passwordWork } from '../../lib/password.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, randomIp, type TestAgent, type TestApp } from '../../test/helpers.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { emailOutbox } from '../emails/emails.table.js';
import { dispatchDueEmails } from '../emails/mail-dispatcher.js';
import { createMailTransport, type MailTransport } from '../emails/mail-transport.js';
import { users } from '../users/users.table.js';

// Issue 16 point 4 (decision 018): wrong passwords are counted per account across addresses; the 10th in a row
// locks the account for 15 minutes, each further one doubles the lock (at most 24 h); the owner is e-mailed once;
// a sign-in resets the count; a temporary password (forgot-password) or an administrator unlocks.

let t: TestApp;
let smtp: TestSmtpServer;
let transport: MailTransport;
let admin: string;

beforeAll(async () => {
  [t, smtp] = await Promise.all([buildTestApp(), startTestSmtpServer()]);
  transport = createMailTransport({ smtpUrl: smtp.url, mailFrom: t.config.mailFrom, dataDir: t.config.dataDir });
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await transport.close();
  await Promise.all([t.close(), smtp.close()]);
});

/** Each call from a new address: only the per-account count can add these up. */
function login(email: string, password: string, remoteAddress = randomIp()) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress });
}

async function failTimes(agent: TestAgent, times: number) {
  const statuses: number[] = [];
  for (let i = 0; i < times; i++) statuses.push((await login(agent.email, `wrong-guess-${i}`)).statusCode);
  return statuses;
}

async function stateOf(agent: TestAgent) {
  const [row] = await t.db
    .select({ failedSignIns: users.failedSignIns, lockedUntil: users.lockedUntil })
    .from(users)
    .where(eq(users.id, agent.user.id));
  return row!;
}

async function lockMailsTo(address: string) {
  return t.db
    .select()
    .from(emailOutbox)
    .where(and(eq(emailOutbox.to, address), eq(emailOutbox.subject, ACCOUNT_LOCKED_EMAIL_SUBJECT)));
}

function minutesAhead(instant: Date | null): number {
  return ((instant?.getTime() ?? 0) - Date.now()) / 60_000;
}

function unlock(id: unknown, token = admin) {
  return t.app.inject({ method: 'POST', url: '/api/unlock-user', headers: bearer(token), payload: { id } });
}

describe('per-account lockout', () => {
  it('when 10 addresses each send one wrong password, then the account locks and even the right password gets 429 with the wait', async () => {
    const agent = await t.createAgent();
    const statuses = await failTimes(agent, 10);
    expect(statuses.slice(0, 9)).toEqual(Array(9).fill(401));
    // The failure that locks already says so.
    expect(statuses[9]).toBe(429);

    const { failedSignIns, lockedUntil } = await stateOf(agent);
    expect(failedSignIns).toBe(10);
    expect(minutesAhead(lockedUntil)).toBeGreaterThan(14.5);
    expect(minutesAhead(lockedUntil)).toBeLessThanOrEqual(15.1);

    const right = await login(agent.email, agent.password);
    expect(right.statusCode).toBe(429);
    expect(right.json()).toEqual({ message: accountLockedMessage(lockedUntil!) });
    expect(right.json().message).toBe(
      `This account is locked after too many failed sign-ins. Try again after ${formatKarachiDateTime(lockedUntil!)} or ask an administrator to unlock it.`,
    );
    const retryAfter = Number(right.headers['retry-after']);
    expect(retryAfter).toBeGreaterThan(14 * 60);
    expect(retryAfter).toBeLessThanOrEqual(15 * 60);
    // Refusing the right password is no failure: the count stays.
    expect((await stateOf(agent)).failedSignIns).toBe(10);
  });

  it('when locked, then a wrong password still costs the same two hash checks', async () => {
    const agent = await t.createAgent();
    await failTimes(agent, 10);
    const before = passwordWork.verifications;
    expect((await login(agent.email, 'still-wrong')).statusCode).toBe(429);
    expect(passwordWork.verifications - before).toBe(2);
  });

  it('when the lock starts, then the owner is e-mailed once over SMTP with the count, the time and the ways to unlock', async () => {
    const agent = await t.createAgent();
    await failTimes(agent, 12);
    const mails = await lockMailsTo(agent.email);
    expect(mails).toHaveLength(1);

    await dispatchDueEmails({ db: t.db, transport });
    const message = await smtp.waitForMessage((m) => m.to.includes(agent.email), 10_000);
    expect(message.subject).toBe(ACCOUNT_LOCKED_EMAIL_SUBJECT);
    expect(message.text).toContain('There were 10 failed sign-in attempts in a row');
    expect(message.text).toMatch(/locked until \d{2} [A-Z][a-z]{2} \d{4}, \d{2}:\d{2} [AP]M \(Pakistan time\)/);
    expect(message.text).toContain('"Forgot password"');
    expect(message.text).toContain(`${t.config.publicUrl}/signin`);
    expect(message.text).toContain('An administrator can also unlock it.');
    expect(smtp.messages.filter((m) => m.to.includes(agent.email))).toHaveLength(1);
  });

  it('when wrong passwords go on, then each one doubles the lock from that moment, up to 24 hours', async () => {
    const agent = await t.createAgent();
    await failTimes(agent, 10);
    expect((await failTimes(agent, 1))[0]).toBe(429);
    let minutes = minutesAhead((await stateOf(agent)).lockedUntil);
    expect(minutes).toBeGreaterThan(29.5);
    expect(minutes).toBeLessThanOrEqual(30.1);

    await failTimes(agent, 1);
    minutes = minutesAhead((await stateOf(agent)).lockedUntil);
    expect(minutes).toBeGreaterThan(59.5);
    expect(minutes).toBeLessThanOrEqual(60.1);

    // After the lock has run out, the next failure locks again, twice as long as the last.
    await t.db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, agent.user.id));
    expect((await failTimes(agent, 1))[0]).toBe(429);
    minutes = minutesAhead((await stateOf(agent)).lockedUntil);
    expect(minutes).toBeGreaterThan(119.5);
    expect(minutes).toBeLessThanOrEqual(120.1);

    await t.db.update(users).set({ failedSignIns: 1000 }).where(eq(users.id, agent.user.id));
    await failTimes(agent, 1);
    const state = await stateOf(agent);
    expect(state.failedSignIns).toBe(1001);
    expect(minutesAhead(state.lockedUntil)).toBeGreaterThan(24 * 60 - 0.5);
    expect(minutesAhead(state.lockedUntil)).toBeLessThanOrEqual(24 * 60 + 0.1);
    // Only the lock's start is e-mailed.
    expect(await lockMailsTo(agent.email)).toHaveLength(1);
  });

  it('when a lock has run out, then the right password signs in and resets the count', async () => {
    const agent = await t.createAgent();
    await failTimes(agent, 10);
    await t.db.update(users).set({ lockedUntil: new Date(Date.now() - 1000) }).where(eq(users.id, agent.user.id));
    expect((await login(agent.email, agent.password)).statusCode).toBe(200);
    expect(await stateOf(agent)).toEqual({ failedSignIns: 0, lockedUntil: null });
  });

  it('when the right password comes before the 10th failure, then the count starts again', async () => {
    const agent = await t.createAgent();
    expect(await failTimes(agent, 9)).toEqual(Array(9).fill(401));
    expect((await login(agent.email, agent.password)).statusCode).toBe(200);
    expect((await stateOf(agent)).failedSignIns).toBe(0);
    expect(await failTimes(agent, 9)).toEqual(Array(9).fill(401));
    expect(await stateOf(agent)).toEqual({ failedSignIns: 9, lockedUntil: null });
    expect((await login(agent.email, agent.password)).statusCode).toBe(200);
  });

  it('when a locked owner signs in with a forgot-password temporary password, then that unlocks the account', async () => {
    const agent = await t.createAgent();
    await failTimes(agent, 10);
    const forgot = await t.app.inject({ method: 'POST', url: '/api/forgot-password', payload: { email: agent.email }, remoteAddress: randomIp() });
    expect(forgot.statusCode).toBe(200);
    const [mail] = await t.db
      .select()
      .from(emailOutbox)
      .where(and(eq(emailOutbox.to, agent.email), eq(emailOutbox.subject, 'Your temporary password')));
    const temporary = /Your temporary password is: (\S+)/.exec(mail!.text)![1]!;

    const response = await login(agent.email, temporary);
    expect(response.statusCode).toBe(200);
    expect(response.json().success.change_password).toBe(true);
    expect(await stateOf(agent)).toEqual({ failedSignIns: 0, lockedUntil: null });
  });

  it('when the address is unknown, then 11 wrong passwords all answer 401 as before and nothing is stored', async () => {
    const before = await t.db.select({ id: users.id }).from(users);
    for (let i = 0; i < 11; i++) {
      const response = await login('nobody-lockout@example.com', `wrong-${i}`);
      expect(response.statusCode).toBe(401);
      expect(response.json()).toEqual({ message: 'Invalid email or password' });
    }
    expect(await t.db.select({ id: users.id }).from(users)).toHaveLength(before.length);
  });

  it('when wrong passwords arrive in parallel from many addresses, then every one is counted and one e-mail goes out', async () => {
    const agent = await t.createAgent();
    const responses = await Promise.all(Array.from({ length: 16 }, (_, i) => login(agent.email, `parallel-${i}`)));
    expect(responses.every((response) => [401, 429].includes(response.statusCode))).toBe(true);
    expect(responses.filter((response) => response.statusCode === 429)).toHaveLength(7);
    const state = await stateOf(agent);
    expect(state.failedSignIns).toBe(16);
    expect(minutesAhead(state.lockedUntil)).toBeGreaterThan(15 * 64 - 1);
    expect(await lockMailsTo(agent.email)).toHaveLength(1);
  });
});

describe('POST /api/unlock-user', () => {
  it('when an admin unlocks a locked agent, then the list shows it locked before and not after, and the right password works', async () => {
    const agent = await t.createAgent();
    await failTimes(agent, 11);
    const locked = (await stateOf(agent)).lockedUntil!;

    const listed = async () => {
      const response = await t.app.inject({ method: 'GET', url: '/api/listofagents', headers: bearer(admin) });
      return response.json().data.find((row: { id: number }) => row.id === agent.user.id);
    };
    expect((await listed()).locked_until).toBe(locked.toISOString());
    const usersPage = await t.app.inject({ method: 'GET', url: '/api/listofusers', headers: bearer(admin) });
    expect(usersPage.json().data.find((row: { id: number }) => row.id === agent.user.id).locked_until).toBe(locked.toISOString());

    const response = await unlock(agent.user.id);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Account unlocked successfully!' });
    expect(await stateOf(agent)).toEqual({ failedSignIns: 0, lockedUntil: null });
    expect((await listed()).locked_until).toBeNull();
    expect((await login(agent.email, agent.password)).statusCode).toBe(200);
  });

  it("when an administrator is locked, then Settings' admin list shows until when and unlock-user unlocks it", async () => {
    const other = await t.createAdmin();
    await failTimes(other, 10);
    const lockedUntil = (await stateOf(other)).lockedUntil!;
    const listed = async () =>
      (await t.app.inject({ method: 'GET', url: '/api/list-admins', headers: bearer(admin) })).json().data.find((row: { id: number }) => row.id === other.user.id);
    expect((await listed()).locked_until).toBe(lockedUntil.toISOString());
    expect((await unlock(other.user.id)).statusCode).toBe(200);
    expect((await listed()).locked_until).toBeNull();
    expect((await login(other.email, other.password)).statusCode).toBe(200);
  });

  it('when the id is unknown or deleted, then 404; a bad id 422', async () => {
    const deleted = await t.createAgent();
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.user.id));
    for (const id of [999_999, deleted.user.id]) {
      const response = await unlock(id);
      expect(response.statusCode).toBe(404);
      expect(response.json()).toEqual({ message: 'User not found.' });
    }
    const bad = await unlock('abc');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ id: ['The id must be a number.'] });
  });

  it('when the caller is anonymous or an agent, then 401 or 403 and nothing changes', async () => {
    const locked = await t.createAgent();
    await failTimes(locked, 10);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/unlock-user', payload: { id: locked.user.id } });
    expect(anonymous.statusCode).toBe(401);
    const other = await t.createAgent();
    const agentToken = await t.loginAs(other.email, other.password);
    expect((await unlock(locked.user.id, agentToken)).statusCode).toBe(403);
    expect((await stateOf(locked)).failedSignIns).toBe(10);
  });
});
