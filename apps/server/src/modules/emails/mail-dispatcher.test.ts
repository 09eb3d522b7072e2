import { setTimeout as sleep } from 'node:timers/promises';
import { readdir, readFile } from 'node:fs/promises';
import path from 'node:path';
import { eq, inArray } from 'drizzle-orm';
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { claimDueEmails } from './emails.repository.js';
import { emailOutbox, type EmailOutboxRow } from './emails.table.js';
import type { FastifyBaseLogger } from 'fastify';
import { dispatchDueEmails, getRetryDelayMs, MAIL_LEASE_MS, MAX_MAIL_ATTEMPTS, startMailDispatcher } from './mail-dispatcher.js';
import { createMailTransport, type MailTransport } from './mail-transport.js';
import { enqueueEmail } from './outbox.js';

const MAIL_FROM = 'Group Fares <no-reply@localhost>';

let t: TestApp;
let smtp: TestSmtpServer;
let transport: MailTransport;

beforeAll(async () => {
  t = await buildTestApp();
  smtp = await startTestSmtpServer();
  transport = createMailTransport({ smtpUrl: smtp.url, mailFrom: MAIL_FROM, dataDir: t.config.dataDir });
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
afterEach(() => smtp.setRejection(null));

async function rowOf(id: number): Promise<EmailOutboxRow> {
  const [row] = await t.db.select().from(emailOutbox).where(eq(emailOutbox.id, id));
  return row!;
}

const enqueue = (subject: string, to = 'agent@example.com') =>
  enqueueEmail({ db: t.db, email: { to, subject, text: `Hello,\nthis is "${subject}".\nRegards` } });

describe('dispatchDueEmails over SMTP (PRODUCT §1 mail)', () => {
  it('when a queued message is due, then it arrives with its recipient, subject and text and the row becomes sent', async () => {
    const id = await enqueue('Booking confirmed – PNR ABC123');
    const before = Date.now();

    const result = await dispatchDueEmails({ db: t.db, transport });

    expect(result).toEqual({ sent: [id], retrying: [], failed: [] });
    const mail = await smtp.waitForMessage((message) => message.subject.includes('ABC123'));
    expect(mail.to).toEqual(['agent@example.com']);
    expect(mail.from).toBe('no-reply@localhost');
    expect(mail.headers.from).toBe('Group Fares <no-reply@localhost>');
    expect(mail.subject).toBe('Booking confirmed – PNR ABC123');
    expect(mail.text).toBe('Hello,\nthis is "Booking confirmed – PNR ABC123".\nRegards');
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'sent', attempts: 1, lastError: null });
    expect(row.sentAt!.getTime()).toBeGreaterThanOrEqual(before - 1_000);
  });

  it('when nothing is due, then nothing is sent (a message due later waits)', async () => {
    const id = await enqueue('Later');
    await t.db.update(emailOutbox).set({ nextAttemptAt: new Date(Date.now() + 60_000) }).where(eq(emailOutbox.id, id));

    expect(await dispatchDueEmails({ db: t.db, transport })).toEqual({ sent: [], retrying: [], failed: [] });
    expect(smtp.messages).toHaveLength(0);
    expect(await rowOf(id)).toMatchObject({ status: 'queued', attempts: 0 });
  });

  it('when the receiver refuses, then the row stays queued with attempts 1, the error and a next try about a minute later', async () => {
    smtp.setRejection(() => ({ text: 'Mailbox busy, try later' }));
    const id = await enqueue('Refused once');
    const before = Date.now();

    const result = await dispatchDueEmails({ db: t.db, transport });

    expect(result).toEqual({ sent: [], retrying: [id], failed: [] });
    expect(smtp.rejectedCount()).toBeGreaterThan(0);
    const row = await rowOf(id);
    expect(row).toMatchObject({ status: 'queued', attempts: 1, sentAt: null });
    expect(row.lastError).toContain('Mailbox busy, try later');
    expect(row.nextAttemptAt.getTime()).toBeGreaterThanOrEqual(before + 60_000 - 1_000);
    expect(row.nextAttemptAt.getTime()).toBeLessThanOrEqual(Date.now() + 60_000 + 1_000);

    // Not due again before its back-off: a second run right away leaves it alone.
    expect(await dispatchDueEmails({ db: t.db, transport })).toEqual({ sent: [], retrying: [], failed: [] });
  });

  it('when every attempt is refused, then the waits double up to 1 h and after the last attempt the row is failed', async () => {
    smtp.setRejection(() => ({ code: 550, text: 'No such user here' }));
    const id = await enqueue('Never accepted');
    let clock = Date.now();
    const waits: number[] = [];

    for (let attempt = 1; attempt <= MAX_MAIL_ATTEMPTS; attempt++) {
      const now = new Date(clock);
      const result = await dispatchDueEmails({ db: t.db, transport, now: () => now });
      const row = await rowOf(id);
      expect(row.attempts).toBe(attempt);
      if (attempt < MAX_MAIL_ATTEMPTS) {
        expect(result.retrying).toEqual([id]);
        expect(row.status).toBe('queued');
        waits.push(row.nextAttemptAt.getTime() - clock);
        clock = row.nextAttemptAt.getTime();
      } else {
        expect(result.failed).toEqual([id]);
        expect(row.status).toBe('failed');
        expect(row.lastError).toContain('No such user here');
      }
    }
    const minute = 60_000;
    expect(waits).toEqual([1, 2, 4, 8, 16, 32, 60].map((minutes) => minutes * minute));
    expect(getRetryDelayMs(20)).toBe(60 * minute);

    // A failed row is not tried again by later runs.
    smtp.setRejection(null);
    expect(await dispatchDueEmails({ db: t.db, transport, now: () => new Date(clock + 24 * 60 * minute) })).toEqual({
      sent: [],
      retrying: [],
      failed: [],
    });
  });

  it('when a dispatcher dies after claiming a message, then the message is sent once its lease has run out', async () => {
    const id = await enqueue('Claimed by a crashed process');
    const claimedAt = new Date();
    // A claim that is never followed by a send or a mark: the process died mid-send.
    const claimed = await claimDueEmails({ db: t.db, now: claimedAt, leaseUntil: new Date(claimedAt.getTime() + MAIL_LEASE_MS), limit: 10 });
    expect(claimed.map((row) => row.id)).toEqual([id]);

    expect((await dispatchDueEmails({ db: t.db, transport })).sent).toEqual([]);
    const afterLease = new Date(claimedAt.getTime() + MAIL_LEASE_MS + 1_000);
    expect((await dispatchDueEmails({ db: t.db, transport, now: () => afterLease })).sent).toEqual([id]);
    expect((await smtp.waitForMessage((message) => message.subject === 'Claimed by a crashed process')).to).toEqual(['agent@example.com']);
    expect(await rowOf(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('when two dispatchers run at once over 20 queued messages, then each message is delivered exactly once', async () => {
    const ids: number[] = [];
    for (let index = 0; index < 20; index++) ids.push(await enqueue(`Parallel ${index}`, `agent${index}@example.com`));
    const second = createMailTransport({ smtpUrl: smtp.url, mailFrom: MAIL_FROM, dataDir: t.config.dataDir });
    try {
      const [a, b] = await Promise.all([
        dispatchDueEmails({ db: t.db, transport, limit: 3 }),
        dispatchDueEmails({ db: t.db, transport: second, limit: 3 }),
      ]);
      expect([...a.sent, ...b.sent].sort((x, y) => x - y)).toEqual(ids);
    } finally {
      second.close();
    }
    const subjects = smtp.messages.map((message) => message.subject).sort();
    expect(subjects).toEqual(Array.from({ length: 20 }, (_, index) => `Parallel ${index}`).sort());
    const rows = await t.db.select().from(emailOutbox).where(inArray(emailOutbox.id, ids));
    expect(rows.every((row) => row.status === 'sent' && row.attempts === 1)).toBe(true);
  });
});

describe('createMailTransport without SMTP_URL (PRODUCT §2: .eml files under DATA_DIR/mail)', () => {
  it('when a message is sent, then an .eml file with its recipient and subject is written, names sorting by time', async () => {
    const files = createMailTransport({ smtpUrl: undefined, mailFrom: MAIL_FROM, dataDir: t.config.dataDir });
    const first = await enqueue('Written to disk', 'eml@example.com');
    const second = await enqueue('Written to disk again', 'eml@example.com');

    const result = await dispatchDueEmails({ db: t.db, transport: files });

    expect(result.sent).toEqual([first, second]);
    const mailDir = path.join(t.config.dataDir, 'mail');
    const names = (await readdir(mailDir)).filter((name) => name.endsWith('.eml')).sort();
    expect(names).toHaveLength(2);
    const pattern = (id: number) => new RegExp(`^\\d{4}-\\d{2}-\\d{2}T\\d{2}-\\d{2}-\\d{2}-\\d{3}Z-${String(id).padStart(10, '0')}-[0-9a-f]{6}\\.eml$`);
    // Sorted by name = in the order they were sent.
    expect(names[0]).toMatch(pattern(first));
    expect(names[1]).toMatch(pattern(second));
    const content = await readFile(path.join(mailDir, names[0]!), 'utf8');
    expect(content).toContain('Subject: Written to disk\n');
    expect(content).toContain('To: eml@example.com');
    expect(content).toContain('From: Group Fares <no-reply@localhost>');
    expect(content).toContain('this is "Written to disk".');
    expect(await rowOf(first)).toMatchObject({ status: 'sent', attempts: 1 });
  });
});

describe('startMailDispatcher', () => {
  it('when mail is enqueued and the dispatcher is kicked, then it goes out long before the next tick, and stop waits for the run', async () => {
    const silent = { info: () => undefined, warn: () => undefined, error: () => undefined } as unknown as FastifyBaseLogger;
    const own = createMailTransport({ smtpUrl: smtp.url, mailFrom: MAIL_FROM, dataDir: t.config.dataDir });
    const dispatcher = startMailDispatcher({ db: t.db, config: t.config, logger: silent, intervalMs: 60_000, transport: own });
    try {
      // Let the start-up run pass: from here on only a kick sends before the 60 s tick.
      await sleep(300);
      const id = await enqueue('Kicked out');
      dispatcher.kick();
      expect((await smtp.waitForMessage((message) => message.subject === 'Kicked out', 3_000)).to).toEqual(['agent@example.com']);
      await expect.poll(async () => (await rowOf(id)).status).toBe('sent');
    } finally {
      await dispatcher.stop();
    }
    // Stopped: a kick does nothing any more.
    const later = await enqueue('After stop');
    dispatcher.kick();
    await sleep(300);
    expect(await rowOf(later)).toMatchObject({ status: 'queued', attempts: 0 });
  });
});
