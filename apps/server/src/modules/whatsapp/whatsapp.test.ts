import { WHATSAPP_PHONE_MESSAGE, WHATSAPP_VERIFIED_MESSAGE } from '@portal/contract/auth';
import { desc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, randomIp, type TestAgent, type TestApp } from '../../test/helpers.js';
import { emailOutbox } from '../emails/emails.table.js';
import { users, whatsappCodes } from '../users/users.table.js';
import type { WhatsappSender } from './whatsapp-sender.js';
import { sendWhatsappCode } from './whatsapp.usecases.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PHONE = '+923001234567';

/** An approved agent that still has to verify WhatsApp (w_verified true), signed in. */
async function pendingAgent(): Promise<TestAgent & { token: string }> {
  const agent = await t.createAgent();
  await t.db.update(users).set({ whatsappPending: true }).where(eq(users.id, agent.user.id));
  return { ...agent, token: await t.loginAs(agent.email, agent.password) };
}

function sendCode(token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/sendwhatsappcode', headers: bearer(token), payload });
}

function verify(token: string, payload: Record<string, unknown>) {
  return t.app.inject({ method: 'POST', url: '/api/updateandverifywhp', headers: bearer(token), payload });
}

/** The code in the newest WhatsApp e-mail to the address (the default sender writes to the outbox). */
async function codeSentTo(address: string): Promise<string> {
  const [mail] = await t.db
    .select()
    .from(emailOutbox)
    .where(eq(emailOutbox.to, address))
    .orderBy(desc(emailOutbox.id))
    .limit(1);
  expect(mail?.subject).toBe('Your WhatsApp verification code');
  const match = /verification code is (\d{6})\./.exec(mail?.text ?? '');
  if (!match?.[1]) throw new Error(`no code e-mailed to ${address}`);
  return match[1];
}

/** A 6-digit code that is not `code`. */
const otherThan = (code: string) => (code === '000000' ? '111111' : '000000');

async function sendAndRead(agent: TestAgent & { token: string }, phone = PHONE): Promise<string> {
  const response = await sendCode(agent.token, { phone, agent_id: agent.user.agentId });
  expect(response.statusCode).toBe(200);
  return codeSentTo(agent.email);
}

describe('POST /api/sendwhatsappcode (000 §5, PRODUCT §4)', () => {
  it('when there is no token, then 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/sendwhatsappcode', payload: { phone: PHONE } });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it.each(['+92 300 1234567', '923001234567', '+123456789', '+123456789012345', '+92300abc4567'])(
    "when the number is '%s', then 422 asking for + and the country code",
    async (phone) => {
      const agent = await pendingAgent();
      const response = await sendCode(agent.token, { phone });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: WHATSAPP_PHONE_MESSAGE, errors: { phone: [WHATSAPP_PHONE_MESSAGE] } });
    },
  );

  it('when the number is valid, then 200 and a 6-digit code is e-mailed through the outbox and stored only hashed', async () => {
    const agent = await pendingAgent();
    const response = await sendCode(agent.token, { phone: PHONE });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'A verification code has been sent to your e-mail address. It is valid for 10 minutes.',
    });
    const code = await codeSentTo(agent.email);
    const rows = await t.db.select().from(whatsappCodes).where(eq(whatsappCodes.userId, agent.user.id));
    expect(rows).toHaveLength(1);
    expect(rows[0]).toMatchObject({ phone: PHONE, attempts: 0 });
    expect(rows[0]!.codeHash).not.toContain(code);
    const minutesLeft = (rows[0]!.expiresAt.getTime() - Date.now()) / 60_000;
    expect(minutesLeft).toBeGreaterThan(9);
    expect(minutesLeft).toBeLessThanOrEqual(10.1);
  });

  it("when the body names another agent's agent_id, then the code is still for the caller", async () => {
    const other = await pendingAgent();
    const agent = await pendingAgent();
    const form = multipart([
      ['phone', PHONE],
      ['agent_id', String(other.user.agentId)],
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/sendwhatsappcode',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(agent.token) },
    });
    expect(response.statusCode).toBe(200);
    expect(await t.db.select().from(whatsappCodes).where(eq(whatsappCodes.userId, other.user.id))).toHaveLength(0);
    expect(await t.db.select().from(whatsappCodes).where(eq(whatsappCodes.userId, agent.user.id))).toHaveLength(1);
  });

  it('when a new code is asked within 30 s, then 429; after 30 s the new code replaces the old one', async () => {
    const agent = await pendingAgent();
    const first = await sendAndRead(agent);
    const tooSoon = await sendCode(agent.token, { phone: PHONE });
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().message).toMatch(/^A code was sent moments ago\. Please wait \d+ seconds? before asking for a new one\.$/);

    await t.db
      .update(whatsappCodes)
      .set({ createdAt: sql`now() - interval '31 seconds'` })
      .where(eq(whatsappCodes.userId, agent.user.id));
    let second = await sendAndRead(agent);
    // One code in a million repeats; ask again (after moving the clock) so the replacement is observable.
    if (second === first) {
      await t.db
        .update(whatsappCodes)
        .set({ createdAt: sql`now() - interval '31 seconds'` })
        .where(eq(whatsappCodes.userId, agent.user.id));
      second = await sendAndRead(agent);
    }
    expect(await t.db.select().from(whatsappCodes).where(eq(whatsappCodes.userId, agent.user.id))).toHaveLength(1);
    const old = await verify(agent.token, { phone: PHONE, code: first });
    expect(old.statusCode).toBe(422);
    expect((await verify(agent.token, { phone: PHONE, code: second })).statusCode).toBe(200);
  });

  it('when one user asks 11 times within the hour (30 s apart), then the 11th is 429', async () => {
    const agent = await pendingAgent();
    for (let i = 0; i < 10; i++) {
      expect((await sendCode(agent.token, { phone: PHONE })).statusCode).toBe(200);
      await t.db
        .update(whatsappCodes)
        .set({ createdAt: sql`now() - interval '31 seconds'` })
        .where(eq(whatsappCodes.userId, agent.user.id));
    }
    const response = await sendCode(agent.token, { phone: PHONE });
    expect(response.statusCode).toBe(429);
    expect(response.json().message).toMatch(/^Too many attempts\. Please try again in \d+ minutes?\.$/);
  });

  it('when another sender is plugged in, then it gets the code and a failing one leaves no code behind', async () => {
    const agent = await pendingAgent();
    const sent: Array<{ userId: number; phone: string; text: string }> = [];
    const gateway: WhatsappSender = {
      destination: 'to your WhatsApp number',
      send: async ({ user, phone, text }) => {
        sent.push({ userId: user.id, phone, text });
      },
    };
    const message = await sendWhatsappCode({ db: t.db, secret: t.app.appSecret, sender: gateway, userId: agent.user.id, phone: PHONE });
    expect(message).toBe('A verification code has been sent to your WhatsApp number. It is valid for 10 minutes.');
    expect(sent).toEqual([{ userId: agent.user.id, phone: PHONE, text: expect.stringMatching(/verification code is \d{6}\./) }]);

    const broken = await pendingAgent();
    const failing: WhatsappSender = {
      destination: 'nowhere',
      send: async () => {
        throw new Error('gateway down');
      },
    };
    await expect(
      sendWhatsappCode({ db: t.db, secret: t.app.appSecret, sender: failing, userId: broken.user.id, phone: PHONE }),
    ).rejects.toThrow('gateway down');
    expect(await t.db.select().from(whatsappCodes).where(eq(whatsappCodes.userId, broken.user.id))).toHaveLength(0);
  });

  it('when an admin asks, then the admin gets a code too (any signed-in role)', async () => {
    const admin = await t.createAdmin();
    const token = await t.loginAs(admin.email, admin.password);
    expect((await sendCode(token, { phone: '+971501234567' })).statusCode).toBe(200);
    expect(await codeSentTo(admin.email)).toMatch(/^\d{6}$/);
  });
});

describe('POST /api/updateandverifywhp (000 §4-§5, PRODUCT §4)', () => {
  it('when the right code comes for that number, then 200, the number is saved, old tokens are revoked and a new login answers w_verified false', async () => {
    const agent = await pendingAgent();
    const before = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: agent.email, password: agent.password },
      remoteAddress: randomIp(),
    });
    expect(before.json().success.w_verified).toBe(true);

    const code = await sendAndRead(agent);
    const response = await verify(agent.token, { phone: PHONE, code, agent_id: 999 });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: WHATSAPP_VERIFIED_MESSAGE });

    const [row] = await t.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(row).toMatchObject({ whatsappPhone: PHONE, whatsappPending: false });
    expect(row?.whatsappVerifiedAt).toBeInstanceOf(Date);
    expect(await t.db.select().from(whatsappCodes).where(eq(whatsappCodes.userId, agent.user.id))).toHaveLength(0);
    // 000 §4: the user signs in again; the tokens of before (both sessions) no longer work.
    for (const token of [agent.token, before.json().success.token as string]) {
      const stale = await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: { authorization: `Bearer ${token}` } });
      expect(stale.statusCode).toBe(401);
      expect(stale.json()).toEqual({ message: 'Unauthenticated.' });
    }
    const after = await t.app.inject({
      method: 'POST',
      url: '/api/login',
      payload: { email: agent.email, password: agent.password },
      remoteAddress: randomIp(),
    });
    expect(after.json().success.w_verified).toBe(false);
  });

  it('when wrong codes come, then 422 counting down the attempts left, and after 5 the right code is refused', async () => {
    const agent = await pendingAgent();
    const code = await sendAndRead(agent);
    const messages: string[] = [];
    for (let i = 0; i < 5; i++) {
      const response = await verify(agent.token, { phone: PHONE, code: otherThan(code) });
      expect(response.statusCode).toBe(422);
      messages.push(response.json().errors.code[0]);
    }
    expect(messages).toEqual([
      'The code is incorrect. 4 attempts left.',
      'The code is incorrect. 3 attempts left.',
      'The code is incorrect. 2 attempts left.',
      'The code is incorrect. 1 attempt left.',
      'The code is incorrect. No attempts left; please ask for a new code.',
    ]);
    const dead = await verify(agent.token, { phone: PHONE, code });
    expect(dead.statusCode).toBe(422);
    expect(dead.json()).toEqual({
      message: 'Too many wrong codes. Please ask for a new code.',
      errors: { code: ['Too many wrong codes. Please ask for a new code.'] },
    });
    const [row] = await t.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(row).toMatchObject({ whatsappPending: true, whatsappPhone: null });
  });

  it('when the code is older than 10 minutes, then 422 asking for a new code', async () => {
    const agent = await pendingAgent();
    const code = await sendAndRead(agent);
    await t.db
      .update(whatsappCodes)
      .set({ expiresAt: sql`now() - interval '1 second'` })
      .where(eq(whatsappCodes.userId, agent.user.id));
    const response = await verify(agent.token, { phone: PHONE, code });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'This code has expired. Please ask for a new code.',
      errors: { code: ['This code has expired. Please ask for a new code.'] },
    });
  });

  it('when the code was sent to another number, then 422 and nothing is saved', async () => {
    const agent = await pendingAgent();
    const code = await sendAndRead(agent);
    const response = await verify(agent.token, { phone: '+923009999999', code });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('No code was sent to this number. Please ask for a new code.');
    const [row] = await t.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(row?.whatsappPending).toBe(true);
  });

  it("when another user's code is sent, then 422 and that user's code still works for its owner", async () => {
    const owner = await pendingAgent();
    const intruder = await pendingAgent();
    const code = await sendAndRead(owner);
    const response = await verify(intruder.token, { phone: PHONE, code, agent_id: owner.user.agentId });
    expect(response.statusCode).toBe(422);
    expect(response.json().message).toBe('No code was sent to this number. Please ask for a new code.');
    const [intruderRow] = await t.db.select().from(users).where(eq(users.id, intruder.user.id));
    expect(intruderRow).toMatchObject({ whatsappPending: true, whatsappPhone: null });
    expect((await verify(owner.token, { phone: PHONE, code })).statusCode).toBe(200);
  });

  it('when the code is not 6 digits, then 422 errors.code', async () => {
    const agent = await pendingAgent();
    const response = await verify(agent.token, { phone: PHONE, code: '12345' });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The code must be 6 digits.', errors: { code: ['The code must be 6 digits.'] } });
  });

  it('when there is no token, then 401', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/updateandverifywhp', payload: { phone: PHONE, code: '123456' } });
    expect(response.statusCode).toBe(401);
  });
});
