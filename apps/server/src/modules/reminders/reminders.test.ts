import { formatKarachiDateTime } from '@portal/contract/auth';
import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, type TestAgent, type TestApp } from '../../test/helpers.js';
import { startTestSmtpServer, type TestSmtpServer } from '../../test/smtp.js';
import { insertAgentWithToken } from '../bookings/bookings.fixtures.js';
import { namesLaterFields } from '../bookings/names-later.fixtures.js';
import { dispatchDueEmails } from '../emails/mail-dispatcher.js';
import { createMailTransport } from '../emails/mail-transport.js';
import { groups } from '../groups/groups.table.js';
import { scheduledJobs } from '../jobs/jobs.table.js';
import { users } from '../users/users.table.js';
import { DEADLINE_REMINDERS_JOB, startDeadlineRemindersJob } from './deadline-reminders-job.js';
import {
  at,
  book,
  deadlineIn,
  fillNames,
  holdWithNames,
  holdWithNamesLater,
  HOUR,
  insertGroupWithDeadlines,
  moveDeadlines,
  reminderEmailsNaming,
  remindersNaming,
  sentAbout,
} from './reminders.fixtures.js';
import { getReminderWindow, sendDueReminders, type ReminderRunResult } from './reminders.usecases.js';

/**
 * The deadline reminders (PRODUCT §6, decision 036) on a controlled clock: admins 48 and 24 hours before each deadline
 * of an open group, agents 24 hours before the name deadline for each booking still missing names; each once, also
 * when runs repeat or a new job instance starts on the same database after a restart.
 */

let t: TestApp;
let smtp: TestSmtpServer;
let adminToken: string;
/** The active admins (the seed's and a second one); an inactive one is told nothing. */
let admins: Array<{ id: number; email: string; name: string }>;
let inactiveAdmin: TestAgent;
const errors: unknown[] = [];
const logger = { info: () => undefined, error: (details: unknown) => errors.push(details) } as unknown as FastifyBaseLogger;

beforeAll(async () => {
  [t, smtp] = await Promise.all([buildTestApp(), startTestSmtpServer()]);
  adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const second = await t.createAdmin();
  inactiveAdmin = await t.createAdmin({ isActive: false });
  const [seedAdmin] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  admins = [
    { id: seedAdmin!.id, email: ADMIN_EMAIL, name: seedAdmin!.name },
    { id: second.user.id, email: second.email, name: second.user.name },
  ];
}, 60_000);
afterAll(async () => {
  await Promise.all([t.close(), smtp.close()]);
});

async function run(now: Date): Promise<ReminderRunResult> {
  const result = await sendDueReminders({ db: t.db, now, publicUrl: t.config.publicUrl, logger });
  expect(errors).toEqual([]);
  return result;
}

const adminIds = () => admins.map((admin) => admin.id).sort((a, b) => a - b);

describe('getReminderWindow', () => {
  it('when a deadline is more than 24 and at most 48 hours away, then the 48-hour reminder is due; at most 24 and not passed, the 24-hour one; else none', () => {
    const deadline = new Date('2026-12-10T09:00:00Z');
    expect(getReminderWindow(deadline, at(deadline, -48 * HOUR - 1))).toBeUndefined();
    expect(getReminderWindow(deadline, at(deadline, -48 * HOUR))).toBe(48);
    expect(getReminderWindow(deadline, at(deadline, -24 * HOUR - 1))).toBe(48);
    expect(getReminderWindow(deadline, at(deadline, -24 * HOUR))).toBe(24);
    expect(getReminderWindow(deadline, at(deadline, -1))).toBe(24);
    expect(getReminderWindow(deadline, deadline)).toBeUndefined();
    expect(getReminderWindow(deadline, at(deadline, HOUR))).toBeUndefined();
  });
});

describe('the deadline reminders on a controlled clock', () => {
  it('when the clock moves to 48 and then 24 hours before a name deadline, then admins get each reminder once and agents theirs at 24 hours for bookings missing names only', async () => {
    const deadline = deadlineIn(60);
    const group = await insertGroupWithDeadlines(t.db, { name: deadline });
    const agent = await insertAgentWithToken(t.db, { name: 'Zara Malik', agencyName: 'Malik Travels' });
    const named = await insertAgentWithToken(t.db, { agencyName: 'Named Travels' });
    const hold = await holdWithNamesLater(t, agent.token, group.pnr, ['adult', 'adult']);
    const confirmed = await book(t, adminToken, namesLaterFields({ pnr: group.pnr, types: ['adult', 'child'], extra: { agent: String(agent.user.id), confirmed: '1' } }));
    await holdWithNames(t, named.token, group.pnr);
    const when = formatKarachiDateTime(deadline);
    const adminMessage = (hours: number) => `Reminder: the name deadline of PNR ${group.pnr} (Test Airways) is ${when}, in ${hours} hours: 4 names missing`;

    // Before the 48-hour window: nothing.
    expect((await run(at(deadline, -48 * HOUR - 60_000))).sent).toEqual([]);
    expect(await sentAbout(t.db, [group.id])).toEqual([]);

    // At 48 hours: every active admin once, no agent yet.
    const first = await run(at(deadline, -48 * HOUR));
    expect(first.sent.map((reminder) => reminder.claim.userId).sort((a, b) => a - b)).toEqual(adminIds());
    expect(first.emailsQueued).toBe(2);
    expect(await remindersNaming(t.db, group.pnr)).toEqual(
      admins.map((admin) => ({ userId: admin.id, bookingId: null, senderUserId: null, name: 'System', message: adminMessage(48) })),
    );
    expect(first.notifications.map((row) => row.message)).toEqual([adminMessage(48), adminMessage(48)]);

    // Later in the same window, again, and while nothing is due: nothing more.
    expect((await run(at(deadline, -48 * HOUR))).sent).toEqual([]);
    expect((await run(at(deadline, -30 * HOUR))).sent).toEqual([]);
    expect(await remindersNaming(t.db, group.pnr)).toHaveLength(2);

    // At 24 hours: the admins' second reminder, and the agent's for each of its bookings missing names.
    const second = await run(at(deadline, -24 * HOUR));
    const agentHold = `Reminder: the name deadline of PNR ${group.pnr} (Test Airways) is ${when}, in 24 hours: your booking #${hold} still misses 2 names. Fill them in before the deadline, or the booking will be cancelled then and its seats released.`;
    const agentConfirmed = `Reminder: the name deadline of PNR ${group.pnr} (Test Airways) is ${when}, in 24 hours: your booking #${confirmed} still misses 2 names. Please send them to us before the deadline.`;
    expect(second.sent).toHaveLength(4);
    expect((await remindersNaming(t.db, group.pnr)).slice(2)).toEqual([
      ...admins.map((admin) => ({ userId: admin.id, bookingId: null, senderUserId: null, name: 'System', message: adminMessage(24) })),
      { userId: agent.user.id, bookingId: hold, senderUserId: null, name: 'System', message: agentHold },
      { userId: agent.user.id, bookingId: confirmed, senderUserId: null, name: 'System', message: agentConfirmed },
    ]);
    expect((await run(at(deadline, -HOUR))).sent).toEqual([]);
    // Passed: nothing, ever.
    expect((await run(at(deadline, HOUR))).sent).toEqual([]);

    expect(await sentAbout(t.db, [group.id])).toEqual([
      ...admins.map((admin) => ({ groupId: group.id, kind: 'name', deadlineAt: deadline, hours: 48, userId: admin.id, bookingId: null })),
      ...admins.map((admin) => ({ groupId: group.id, kind: 'name', deadlineAt: deadline, hours: 24, userId: admin.id, bookingId: null })),
      { groupId: group.id, kind: 'name', deadlineAt: deadline, hours: 24, userId: agent.user.id, bookingId: hold },
      { groupId: group.id, kind: 'name', deadlineAt: deadline, hours: 24, userId: agent.user.id, bookingId: confirmed },
    ]);
    // Nobody else: not the inactive admin, not the agent whose names are all given.
    const told = new Set((await remindersNaming(t.db, group.pnr)).map((row) => row.userId));
    expect(told.has(inactiveAdmin.user.id)).toBe(false);
    expect(told.has(named.user.id)).toBe(false);

    // The e-mails go out through a real SMTP server, one per reminder.
    const emails = await reminderEmailsNaming(t.db, group.pnr);
    expect(emails.map((email) => email.to).sort()).toEqual([...admins.map((admin) => admin.email), ...admins.map((admin) => admin.email), agent.user.email!, agent.user.email!].sort());
    const transport = createMailTransport({ smtpUrl: smtp.url, mailFrom: t.config.mailFrom, dataDir: t.config.dataDir });
    try {
      await dispatchDueEmails({ db: t.db, transport });
    } finally {
      transport.close();
    }
    const adminMail = await smtp.waitForMessage((m) => m.to.includes(ADMIN_EMAIL) && m.subject.includes(group.pnr) && m.text.includes('in 48 hours'), 10_000);
    expect(adminMail.subject).toBe(`Reminder: name deadline of PNR ${group.pnr} on ${when}`);
    expect(adminMail.text).toBe(
      [
        `Dear ${admins[0]!.name},`,
        '',
        `The name deadline of PNR ${group.pnr} (Test Airways) is ${when}, in 48 hours.`,
        '',
        'Still missing:',
        '- 4 names missing',
        '',
        `The deadlines of the next days are on the dashboard: ${t.config.publicUrl}/dashboard`,
        '',
        'Regards,',
        'Group Fares',
      ].join('\n'),
    );
    const agentMail = await smtp.waitForMessage((m) => m.to.includes(agent.user.email!.toLowerCase()) && m.subject.includes(`#${hold}`), 10_000);
    expect(agentMail.subject).toBe(`Reminder: names missing on booking #${hold}, PNR ${group.pnr}, due ${when}`);
    expect(agentMail.text).toBe(
      [
        'Dear Zara Malik,',
        '',
        `The name deadline of PNR ${group.pnr} (Test Airways) is ${when}, in 24 hours.`,
        `Your booking #${hold} still misses 2 names (of 2 passengers).`,
        'Fill them in before the deadline, or the booking will be cancelled then and its seats released.',
        '',
        `Your booking: ${t.config.publicUrl}/dashboard/book/${hold}`,
        '',
        'Regards,',
        'Group Fares',
      ].join('\n'),
    );
    expect(smtp.messages.filter((m) => m.subject.includes(`PNR ${group.pnr}`))).toHaveLength(6);
  });

  it('when a group has deposit and ticketing deadlines, then admins are told what each still waits for, or that nothing is missing', async () => {
    const deposit = deadlineIn(40);
    const ticketing = deadlineIn(45);
    const group = await insertGroupWithDeadlines(t.db, { deposit, ticketing });
    await run(at(deposit, -30 * HOUR));
    const messages = (await remindersNaming(t.db, group.pnr)).filter((row) => row.userId === admins[0]!.id).map((row) => row.message);
    expect(messages).toEqual([
      `Reminder: the deposit deadline of PNR ${group.pnr} (Test Airways) is ${formatKarachiDateTime(deposit)}, in 30 hours: nothing missing`,
      `Reminder: the ticketing deadline of PNR ${group.pnr} (Test Airways) is ${formatKarachiDateTime(ticketing)}, in 35 hours: nothing missing`,
    ]);
  });

  it('when a deadline is moved after its reminders, then the new time gets its own reminders', async () => {
    const deadline = deadlineIn(60);
    const group = await insertGroupWithDeadlines(t.db, { ticketing: deadline });
    await run(at(deadline, -24 * HOUR));
    expect((await sentAbout(t.db, [group.id])).map((row) => row.hours)).toEqual([24, 24]);

    const moved = at(deadline, 26 * HOUR);
    await moveDeadlines(t.db, group.id, { ticketing: moved });
    // The same moment: the new deadline is 50 hours away, so nothing yet; then its 48 and its 24.
    expect((await run(at(deadline, -24 * HOUR))).sent).toEqual([]);
    await run(at(moved, -48 * HOUR));
    await run(at(moved, -20 * HOUR));
    expect((await sentAbout(t.db, [group.id])).map((row) => [row.deadlineAt, row.hours])).toEqual([
      [deadline, 24],
      [deadline, 24],
      [moved, 48],
      [moved, 48],
      [moved, 24],
      [moved, 24],
    ]);
  });

  it('when a deadline is set less than 48 hours ahead, then only the reminders whose window is still open are sent', async () => {
    const group = await insertGroupWithDeadlines(t.db, { deposit: deadlineIn(30), ticketing: deadlineIn(10) });
    const now = new Date();
    await run(now);
    await run(at(now, 7 * HOUR));
    expect((await sentAbout(t.db, [group.id])).map((row) => [row.kind, row.hours])).toEqual([
      ['ticketing', 24],
      ['ticketing', 24],
      ['deposit', 48],
      ['deposit', 48],
      ['deposit', 24],
      ['deposit', 24],
    ]);
  });

  it('when the names are given before the 24 hours, or the booking is cancelled, or the group is closed, then no agent is reminded of it', async () => {
    const deadline = deadlineIn(30);
    const group = await insertGroupWithDeadlines(t.db, { name: deadline });
    const agent = await insertAgentWithToken(t.db);
    const cancelled = await holdWithNamesLater(t, agent.token, group.pnr, ['adult']);
    const cancel = await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${cancelled}`, headers: { authorization: `Bearer ${adminToken}` } });
    expect(cancel.statusCode, cancel.body).toBe(200);
    const filled = await holdWithNamesLater(t, agent.token, group.pnr, ['adult', 'adult']);
    await fillNames(t, agent.token, filled, 2);
    const closed = await insertGroupWithDeadlines(t.db, { name: deadline });
    await holdWithNamesLater(t, agent.token, closed.pnr, ['adult']);
    await t.db.update(groups).set({ closeStatus: true }).where(eq(groups.id, closed.id));

    await run(at(deadline, -12 * HOUR));
    const sent = await sentAbout(t.db, [group.id, closed.id]);
    expect(sent.map((row) => [row.groupId, row.userId, row.bookingId])).toEqual(admins.map((admin) => [group.id, admin.id, null]));
  });
});

describe('after a restart', () => {
  it('when the server was down through a reminder time, then a new job instance on the same database sends it at its first tick, once, and none for deadlines that passed', async () => {
    const deadline = deadlineIn(60);
    const group = await insertGroupWithDeadlines(t.db, { name: deadline });
    // Down for 70 hours: this deadline is not yet in a window at the last run before, and has passed at the restart.
    const passedWhileDown = await insertGroupWithDeadlines(t.db, { deposit: at(deadline, -40 * HOUR) });
    let clock = at(deadline, -100 * HOUR);
    const sentByJobs: ReminderRunResult[] = [];
    const startJob = () =>
      startDeadlineRemindersJob({ db: t.db, logger, publicUrl: t.config.publicUrl, intervalMs: 60_000, firstTickMs: 0, now: () => clock, onSent: (result) => sentByJobs.push(result) });

    // The first process runs once, 100 hours before: nothing is due. Then it stops (the server goes down).
    const before = startJob();
    await expect.poll(async () => (await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, DEADLINE_REMINDERS_JOB)))[0]?.lastFinishedAt ?? null, { timeout: 20_000 }).not.toBeNull();
    await before.stop();
    expect(await sentAbout(t.db, [group.id, passedWhileDown.id])).toEqual([]);

    // It comes back 30 hours before: the 48-hour reminder's moment passed while it was down, its window is open.
    clock = at(deadline, -30 * HOUR);
    const after = startJob();
    try {
      await expect.poll(async () => (await sentAbout(t.db, [group.id])).length, { timeout: 20_000 }).toBe(admins.length);
    } finally {
      await after.stop();
    }
    expect((await sentAbout(t.db, [group.id])).map((row) => row.hours)).toEqual([48, 48]);
    // The deposit deadline passed while the server was down: no late reminder of it.
    expect(await sentAbout(t.db, [passedWhileDown.id])).toEqual([]);
    const byJobs = sentByJobs.flatMap((result) => result.sent).filter((reminder) => reminder.claim.groupId === group.id);
    expect(byJobs.map((reminder) => reminder.claim.userId).sort((a, b) => a - b)).toEqual(adminIds());

    // Another restart at the same moment sends nothing again.
    clock = at(clock, 10 * 60_000);
    const again = startJob();
    try {
      await expect.poll(async () => (await t.db.select().from(scheduledJobs).where(eq(scheduledJobs.name, DEADLINE_REMINDERS_JOB)))[0]?.lastFinishedAt?.getTime(), { timeout: 20_000 }).toBe(clock.getTime());
    } finally {
      await again.stop();
    }
    expect(await sentAbout(t.db, [group.id])).toHaveLength(admins.length);
    expect(await remindersNaming(t.db, group.pnr)).toHaveLength(admins.length);
    expect(errors).toEqual([]);
  });
});
