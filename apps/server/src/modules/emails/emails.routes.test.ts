import {
  EMAIL_AGENT_NOT_FOUND_MESSAGE,
  EMAIL_AGENT_WITHOUT_EMAIL_MESSAGE,
  EMAIL_ALREADY_QUEUED_MESSAGE,
  EMAIL_NOT_FOUND_MESSAGE,
  EMAIL_QUEUED_MESSAGE,
  EMAIL_RESEND_MESSAGE,
} from '@portal/contract/emails';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { bearer, multipart, startAppWithAdminAndAgent, type TestAgent, type TestApp } from '../../test/helpers.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { users } from '../users/users.table.js';
import { emailOutbox } from './emails.table.js';
import { dispatchDueEmails } from './mail-dispatcher.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';
import { enqueueEmail } from './outbox.js';

let t: TestApp;
let smtp: TestSmtpServer;
let transport: MailTransport;
let adminToken: string;
let agent: TestAgent;
let agentToken: string;

beforeAll(async () => {
  ({ t, admin: adminToken, agent, agentToken } = await startAppWithAdminAndAgent());
  smtp = await startTestSmtpServer();
  transport = createMailTransport({ smtpUrl: smtp.url, mailFrom: t.config.mailFrom, dataDir: t.config.dataDir });
});
afterAll(async () => {
  transport?.close();
  await smtp?.close();
  await t?.close();
});
beforeEach(async () => {
  await t.db.delete(emailOutbox);
  smtp.messages.length = 0;
});

const get = (url: string, token?: string) => t.app.inject({ method: 'GET', url, headers: token ? bearer(token) : {} });
const post = (url: string, token?: string, payload?: Record<string, unknown>) =>
  t.app.inject({ method: 'POST', url, headers: token ? bearer(token) : {}, ...(payload ? { payload } : {}) });

async function rowOf(id: number) {
  const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

describe('access to the Emails routes (001 §6: admin only)', () => {
  const calls = [
    ['GET', '/api/listofemails'],
    ['GET', '/api/email/1'],
    ['POST', '/api/resend-email/1'],
    ['POST', '/api/send-email'],
  ] as const;

  it.each(calls)('when %s %s is called without a token, then 401 Unauthenticated.', async (method, url) => {
    const response = await t.app.inject({ method, url });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it.each(calls)('when an agent calls %s %s, then 403', async (method, url) => {
    const response = await t.app.inject({ method, url, headers: bearer(agentToken) });
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
  });
});

describe('GET /api/listofemails and /api/email/{id}', () => {
  it('when the outbox holds messages, then the list is paged newest first with each row’s status fields', async () => {
    const old = await enqueueEmail({ db: t.db, email: { to: 'a@example.com', subject: 'Old', text: 'old text' } });
    const newer = await enqueueEmail({ db: t.db, email: { to: 'b@example.com', subject: 'Newer', text: 'newer text' } });
    await t.db.update(emailOutbox).set({ createdAt: new Date(Date.now() - 3_600_000) }).where(eq(emailOutbox.id, old));
    await t.db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: '550 No such user' })
      .where(eq(emailOutbox.id, old));

    const response = await get('/api/listofemails?page=1', adminToken);

    expect(response.statusCode).toBe(200);
    const page = response.json();
    expect(page).toMatchObject({ current_page: 1, per_page: 20, total: 2, last_page: 1, prev_page_url: null, next_page_url: null });
    expect(page.data.map((row: { id: number }) => row.id)).toEqual([newer, old]);
    expect(page.data[0]).toEqual({
      id: newer,
      to: 'b@example.com',
      subject: 'Newer',
      status: 'queued',
      attempts: 0,
      last_error: null,
      created_at: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/),
      sent_at: null,
    });
    expect(page.data[1]).toMatchObject({ id: old, status: 'failed', attempts: 8, last_error: '550 No such user' });
    expect(page.data[0]).not.toHaveProperty('text');
  });

  it('when there are more than 20 messages, then page 2 holds the rest and page 1 links to it', async () => {
    for (let index = 0; index < 21; index++) {
      await enqueueEmail({ db: t.db, email: { to: 'x@example.com', subject: `M${index}`, text: 't' } });
    }
    const first = (await get('/api/listofemails', adminToken)).json();
    expect(first.data).toHaveLength(20);
    expect(first.next_page_url).toMatch(/\/api\/listofemails\?page=2$/);
    const second = (await get('/api/listofemails?page=2', adminToken)).json();
    expect(second.data.map((row: { subject: string }) => row.subject)).toEqual(['M0']);
  });

  it('when an admin opens one message, then it comes with its text; an unknown id is 404', async () => {
    const id = await enqueueEmail({ db: t.db, email: { to: 'v@example.com', subject: 'View me', text: 'Line 1\nLine 2' } });

    const response = await get(`/api/email/${id}`, adminToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ id, to: 'v@example.com', subject: 'View me', text: 'Line 1\nLine 2', status: 'queued' });

    const missing = await get(`/api/email/${id + 1000}`, adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: EMAIL_NOT_FOUND_MESSAGE });
  });
});

describe('POST /api/resend-email/{id}', () => {
  it('when a failed message is resent, then it is queued and due again with fresh attempts, and the next run delivers it', async () => {
    const id = await enqueueEmail({ db: t.db, email: { to: 'again@example.com', subject: 'Try again', text: 'body' } });
    await t.db
      .update(emailOutbox)
      .set({ status: 'failed', attempts: 8, lastError: 'refused', nextAttemptAt: new Date(Date.now() + 3_600_000) })
      .where(eq(emailOutbox.id, id));

    const response = await post(`/api/resend-email/${id}`, adminToken);

    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: EMAIL_RESEND_MESSAGE });
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 0, lastError: null });
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now());

    expect((await dispatchDueEmails({ db: t.db, transport })).sent).toEqual([id]);
    expect((await smtp.waitForMessage((message) => message.subject === 'Try again')).to).toEqual(['again@example.com']);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 1 });
  });

  it('when a sent message is resent, then it goes out a second time', async () => {
    const id = await enqueueEmail({ db: t.db, email: { to: 'twice@example.com', subject: 'Twice', text: 'body' } });
    await dispatchDueEmails({ db: t.db, transport });
    expect(await rowOf(id)).toMatchObject({ status: 'sent' });

    expect((await post(`/api/resend-email/${id}`, adminToken)).statusCode).toBe(200);
    expect(await rowOf(id)).toMatchObject({ status: 'queued', sentAt: null });
    await dispatchDueEmails({ db: t.db, transport });
    expect(smtp.messages.filter((message) => message.subject === 'Twice')).toHaveLength(2);
  });

  it('when the message is still queued, then 409 and nothing changes; an unknown id is 404', async () => {
    const id = await enqueueEmail({ db: t.db, email: { to: 'q@example.com', subject: 'Queued', text: 'body' } });
    await t.db.update(emailOutbox).set({ attempts: 2, lastError: 'busy' }).where(eq(emailOutbox.id, id));

    const queued = await post(`/api/resend-email/${id}`, adminToken);
    expect(queued.statusCode).toBe(409);
    expect(queued.json()).toEqual({ message: EMAIL_ALREADY_QUEUED_MESSAGE });
    expect(await rowOf(id)).toMatchObject({ attempts: 2, lastError: 'busy' });

    const missing = await post(`/api/resend-email/${id + 1000}`, adminToken);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: EMAIL_NOT_FOUND_MESSAGE });
  });
});

describe('POST /api/send-email', () => {
  it('when an admin writes to an agent by number (multipart), then the message is queued to the agent’s address and delivered', async () => {
    const form = multipart([
      ['agent_id', String(agent.user.agentId)],
      ['subject', 'Visa documents'],
      ['message', 'Please send the passport copies.\nThanks'],
    ]);

    const response = await t.app.inject({ method: 'POST', url: '/api/send-email', headers: { ...bearer(adminToken), ...form.headers }, payload: form.payload });

    expect(response.statusCode).toBe(201);
    const answer = response.json();
    expect(answer).toMatchObject({ message: EMAIL_QUEUED_MESSAGE, data: { to: agent.email, subject: 'Visa documents', status: 'queued', attempts: 0 } });
    expect(await rowOf(answer.data.id)).toMatchObject({ to: agent.email, text: 'Please send the passport copies.\nThanks' });

    await dispatchDueEmails({ db: t.db, transport });
    const mail = await smtp.waitForMessage((message) => message.subject === 'Visa documents');
    expect(mail.to).toEqual([agent.email]);
    expect(mail.text).toBe('Please send the passport copies.\nThanks');
  });

  it('when fields are missing, then 422 with each field’s error and nothing is queued', async () => {
    const response = await post('/api/send-email', adminToken, { agent_id: '', subject: '  ' });

    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      agent_id: ['The agent id field is required.'],
      subject: ['The subject field is required.'],
      message: ['The message field is required.'],
    });
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('when agent_id is not a number, then 422 on agent_id', async () => {
    const response = await post('/api/send-email', adminToken, { agent_id: 'abc', subject: 'S', message: 'M' });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ agent_id: ['The agent id must be a number.'] });
  });

  it('when the agent number is unknown, then 404 Agent not found.', async () => {
    const response = await post('/api/send-email', adminToken, { agent_id: 999_999, subject: 'S', message: 'M' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: EMAIL_AGENT_NOT_FOUND_MESSAGE });
  });

  it('when the agent has no e-mail address, then 422 on agent_id and nothing is queued', async () => {
    const noAddress = await t.createAgent();
    await t.db.update(users).set({ email: null }).where(eq(users.id, noAddress.user.id));

    const response = await post('/api/send-email', adminToken, { agent_id: noAddress.user.agentId, subject: 'S', message: 'M' });

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: EMAIL_AGENT_WITHOUT_EMAIL_MESSAGE, errors: { agent_id: [EMAIL_AGENT_WITHOUT_EMAIL_MESSAGE] } });
    expect(await t.db.select().from(emailOutbox)).toHaveLength(0);
  });

  it('when the number belongs to a deleted agent, then 404', async () => {
    const gone = await t.createAgent();
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, gone.user.id));
    const response = await post('/api/send-email', adminToken, { agent_id: gone.user.agentId, subject: 'S', message: 'M' });
    expect(response.statusCode).toBe(404);
  });
});
