import { count, eq, like } from 'drizzle-orm';
import type { FastifyBaseLogger, FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../../app.js';
import { openDatabase, type DatabaseHandle } from '../../db/database.js';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertAgentWithToken } from '../bookings/bookings.fixtures.js';
import { emailOutbox } from '../emails/emails.table.js';
import { notifications } from '../notifications/notifications.table.js';
import { users } from '../users/users.table.js';
import { runDeadlineReminders } from './deadline-reminders-job.js';
import { at, deadlineIn, holdWithNamesLater, HOUR, insertGroupWithDeadlines } from './reminders.fixtures.js';
import { remindersSent } from './reminders.table.js';
import type { ReminderRunResult } from './reminders.usecases.js';

/**
 * Two server processes on one database (decision 036): on PostgreSQL two apps, each with its own pool, run the
 * reminders at the same moment, again and again, as two processes whose runs overlap would (a run slower than its
 * lease, a clock ahead of the other's); on PGlite, where one process holds the database, two apps on its one
 * connection. Each reminder is claimed by one of them: its row, notification and e-mail exist once.
 */

let t: TestApp;
let second: { app: FastifyInstance; close: () => Promise<void> };
const errors: unknown[] = [];
const logger = { info: () => undefined, error: (details: unknown) => errors.push(details) } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  t = await buildTestApp();
  // PostgreSQL: a second pool on the test database, as another process has; PGlite: the same handle.
  const handle: DatabaseHandle | undefined = t.databaseUrl ? await openDatabase({ databaseUrl: t.databaseUrl, dataDir: 'unused' }) : undefined;
  const app = await buildApp({ config: t.config, db: handle?.db ?? t.db });
  second = {
    app,
    close: async () => {
      await app.close();
      await handle?.close();
    },
  };
  await t.createAdmin();
}, 60_000);
afterAll(async () => {
  await second?.close();
  await t?.close();
});

describe('two server processes sending reminders at the same moment', () => {
  it('when both run the reminders together many times through the 48 and 24 hours, then every reminder row, notification and e-mail exists exactly once', async () => {
    const adminCount = (await t.db.select({ value: count() }).from(users).where(eq(users.role, 'admin')))[0]!.value;
    const deadline = deadlineIn(60);
    const agents = await Promise.all([insertAgentWithToken(t.db, { agencyName: 'Race One' }), insertAgentWithToken(t.db, { agencyName: 'Race Two' })]);
    const groupCount = 6;
    let agentBookings = 0;
    for (let index = 0; index < groupCount; index++) {
      const group = await insertGroupWithDeadlines(t.db, { deposit: at(deadline, -index * 60_000), name: at(deadline, index * 60_000) });
      for (const agent of agents) {
        await holdWithNamesLater(t, agent.token, group.pnr, ['adult']);
        agentBookings += 1;
      }
    }
    // Admins: 48 and 24 hours before each of the two deadlines of each group; agents: each booking once.
    const expected = groupCount * 2 * 2 * Number(adminCount) + agentBookings;

    const results: ReminderRunResult[] = [];
    const runBoth = (now: Date) =>
      Promise.all(
        [t.app, second.app].map(async (app) => {
          const result = await runDeadlineReminders({
            db: app.db,
            logger,
            publicUrl: t.config.publicUrl,
            now: () => now,
            onSent: (sent) => app.notifier.pushStored(sent.notifications),
          });
          if (result) results.push(result);
        }),
      );
    for (const hoursBefore of [49, 48, 47.9, 36, 24, 23.99, 12, 1]) {
      for (let round = 0; round < 5; round++) await runBoth(at(deadline, -hoursBefore * HOUR));
    }

    expect(errors).toEqual([]);
    const rows = await t.db.select().from(remindersSent);
    expect(rows).toHaveLength(expected);
    // What the two instances say they sent adds up to the rows: nothing was sent by both.
    expect(results.reduce((sum, result) => sum + result.sent.length, 0)).toBe(expected);
    expect(results.reduce((sum, result) => sum + result.notifications.length, 0)).toBe(expected);

    const told = await t.db.select({ userId: notifications.userId, message: notifications.message }).from(notifications).where(like(notifications.message, 'Reminder: %'));
    expect(told).toHaveLength(expected);
    expect(new Set(told.map((row) => `${row.userId} ${row.message}`)).size).toBe(expected);
    const mails = await t.db.select({ to: emailOutbox.to, subject: emailOutbox.subject, text: emailOutbox.text }).from(emailOutbox).where(like(emailOutbox.subject, 'Reminder: %'));
    expect(mails).toHaveLength(expected);
    expect(new Set(mails.map((row) => `${row.to} ${row.subject} ${row.text}`)).size).toBe(expected);
  }, 300_000);
});
