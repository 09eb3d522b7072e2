import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { dispatchDueEmails } from '../emails/mail-dispatcher.js';
import { createMailTransport, type MailTransport } from '../emails/mail-transport.js';
import { users } from '../users/users.table.js';
import { passwordIn, postLogin, uniqueAddress } from './agents.fixtures.js';

// Issue 6: accepting an agent e-mails a working password, proven through a real SMTP server on loopback
// (npm smtp-server), the outbox dispatcher and nodemailer, as in production with SMTP_URL set.

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

describe('accepting a registered agent over real SMTP', () => {
  it('when an agent registers and the admin accepts it, then the e-mailed password signs in and the forced change sticks', async () => {
    const email = uniqueAddress('smtp');
    const register = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: '10.9.8.7',
      payload: {
        email,
        name: 'Usman Tariq',
        office_no: '0423456789',
        phone: '+923001112233',
        office_address: '12 Davis Road',
        agency_name: 'Tariq Travels',
        city: 'Lahore',
        country: 'Pakistan',
      },
    });
    expect(register.statusCode).toBe(201);
    // Before acceptance: no password, and sign-in is refused with 403.
    expect((await postLogin(t.app, email, 'anything-at-all')).statusCode).toBe(403);

    const [row] = await t.db.select().from(users).where(eq(users.email, email));
    const approve = await t.app.inject({ method: 'GET', url: `/api/approve-user/${row!.id}`, headers: bearer(admin) });
    expect(approve.statusCode).toBe(200);
    expect(approve.json().message).toBe('User approved successfully!');

    const result = await dispatchDueEmails({ db: t.db, transport });
    expect(result.sent).toHaveLength(1);
    const message = await smtp.waitForMessage((m) => m.to.includes(email), 10_000);
    expect(message.from).toBe('no-reply@localhost');
    expect(message.subject).toBe('Your Group Fares login details');
    expect(message.text).toContain(`${t.config.publicUrl}/signin`);

    const password = passwordIn(message.text);
    const login = await postLogin(t.app, email, password);
    expect(login.statusCode).toBe(200);
    const session = login.json().success;
    expect(session).toMatchObject({ role: 'user', email, change_password: true, w_verified: true, agent_id: row!.agentId });

    const change = await t.app.inject({
      method: 'POST',
      url: '/api/changeuserpassword',
      headers: bearer(session.token),
      payload: { old_password: password, new_password: 'Tariq@2026!' },
    });
    expect(change.statusCode).toBe(200);
    expect((await postLogin(t.app, email, password)).statusCode).toBe(401);
    const again = await postLogin(t.app, email, 'Tariq@2026!');
    expect(again.statusCode).toBe(200);
    expect(again.json().success.change_password).toBe(false);
  });

  it('when a user asks for a temporary password, then it arrives by SMTP and signs in once', async () => {
    const agent = await t.createAgent();
    const forgot = await t.app.inject({ method: 'POST', url: '/api/forgot-password', remoteAddress: '10.9.8.6', payload: { email: agent.email } });
    expect(forgot.statusCode).toBe(200);

    await dispatchDueEmails({ db: t.db, transport });
    const message = await smtp.waitForMessage((m) => m.to.includes(agent.email.toLowerCase()), 10_000);
    const temporary = /password[^:\n]*:\s*(\S+)/i.exec(message.text)?.[1];
    expect(temporary).toBeTruthy();

    const login = await postLogin(t.app, agent.email, temporary!);
    expect(login.statusCode).toBe(200);
    expect(login.json().success.change_password).toBe(true);
  });
});
