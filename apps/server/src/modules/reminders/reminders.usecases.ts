import type { DeadlineRow } from '@portal/contract/deadlines';
import { and, gte, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database, Executor } from '../../db/database.js';
import { findDeadlines } from '../deadlines/deadlines.usecases.js';
import { enqueueEmail, type OutgoingEmail } from '../emails/outbox.js';
import { findActiveAdmins, insertNotifications } from '../notifications/notifications.repository.js';
import type { NotificationRow } from '../notifications/notifications.table.js';
import { claimReminder, findBookingsMissingNames } from './reminders.repository.js';
import { buildAdminReminder, buildAgentReminder } from './reminders.messages.js';
import { remindersSent, type NewReminderSentRow } from './reminders.table.js';

/**
 * The deadline reminders (PRODUCT §6 "Reminders, stored and pushed as notifications and e-mailed: agents 24 hours
 * before a name deadline for each booking missing names; admins 48 and 24 hours before each deadline of an open
 * group ... sent once each, also with several server processes and after a restart"; decision 036).
 *
 * A reminder is due while its window is open: the 48-hour one while the deadline is more than 24 and at most 48 hours
 * away, the 24-hour one while it is at most 24 hours away and not passed. So a run after a restart still sends a
 * reminder whose moment passed while the server was down, as long as its window is open; a group given a deadline
 * 30 hours ahead gets the 48-hour reminder at once and the 24-hour one later; one given a deadline 10 hours ahead gets
 * only the 24-hour one; a passed deadline gets none.
 */

export const REMINDER_HOURS = [48, 24] as const;
export type ReminderHours = (typeof REMINDER_HOURS)[number];
const HOUR_MS = 3_600_000;

/** The reminder whose window `deadline` is in at `now`, if any. */
export function getReminderWindow(deadline: Date, now: Date): ReminderHours | undefined {
  const left = deadline.getTime() - now.getTime();
  if (left <= 0) return undefined;
  if (left <= 24 * HOUR_MS) return 24;
  if (left <= 48 * HOUR_MS) return 48;
  return undefined;
}

/** One reminder to one person: its claim (the reminders_sent row), its notification and, with an address, its e-mail. */
export interface DueReminder {
  claim: NewReminderSentRow;
  message: string;
  email: OutgoingEmail | undefined;
}

const claimKey = (claim: Pick<NewReminderSentRow, 'groupId' | 'deadlineKind' | 'deadlineAt' | 'hoursBefore' | 'userId' | 'bookingId'>) =>
  [claim.groupId, claim.deadlineKind, claim.deadlineAt.getTime(), claim.hoursBefore, claim.userId, claim.bookingId ?? 0].join('/');

/** The keys of the reminders already sent about deadlines from `now` on of these groups. */
async function findSentKeys({ db, groupIds, now }: { db: Executor; groupIds: number[]; now: Date }): Promise<Set<string>> {
  if (groupIds.length === 0) return new Set();
  const rows = await db
    .select()
    .from(remindersSent)
    .where(and(inArray(remindersSent.groupId, groupIds), gte(remindersSent.deadlineAt, now)));
  return new Set(rows.map(claimKey));
}

/**
 * The reminders due at `now` and not sent yet (as far as this read sees: the claim decides). Admins: every active
 * admin, for each deadline of an open, live group in a window, with what is missing as the dashboard counts it
 * (findDeadlines). Agents: in the 24-hour window of a name deadline, the agent of each live booking still missing names.
 */
export async function findDueReminders({ db, now, publicUrl }: { db: Executor; now: Date; publicUrl: string }): Promise<DueReminder[]> {
  const deadlines = (await findDeadlines({ db, from: now, to: new Date(now.getTime() + 48 * HOUR_MS) }))
    .map((deadline) => ({ deadline, hours: getReminderWindow(new Date(deadline.deadline), now) }))
    .filter((entry): entry is { deadline: DeadlineRow; hours: ReminderHours } => entry.hours !== undefined);
  if (deadlines.length === 0) return [];

  const admins = await findActiveAdmins({ db });
  const nameDeadlinesIn24 = deadlines.filter((entry) => entry.deadline.kind === 'name' && entry.hours === 24);
  const bookingsMissing = await findBookingsMissingNames({ db, groupIds: nameDeadlinesIn24.map((entry) => entry.deadline.group_id) });
  const sent = await findSentKeys({ db, groupIds: [...new Set(deadlines.map((entry) => entry.deadline.group_id))], now });

  const due: DueReminder[] = [];
  const add = (claim: NewReminderSentRow, built: { message: string; email: OutgoingEmail | undefined }) => {
    if (!sent.has(claimKey(claim))) due.push({ claim, ...built });
  };
  for (const { deadline, hours } of deadlines) {
    const base = { groupId: deadline.group_id, deadlineKind: deadline.kind, deadlineAt: new Date(deadline.deadline), hoursBefore: hours, sentAt: now };
    for (const admin of admins) {
      add({ ...base, userId: admin.id, bookingId: null }, buildAdminReminder({ deadline, now, recipient: admin, publicUrl }));
    }
    if (deadline.kind !== 'name' || hours !== 24) continue;
    for (const booking of bookingsMissing.filter((row) => row.groupId === deadline.group_id)) {
      add({ ...base, userId: booking.agent.id, bookingId: booking.bookingId }, buildAgentReminder({ deadline, now, booking, publicUrl }));
    }
  }
  return due;
}

/**
 * Sends one reminder, once: claims its row, stores its notification and queues its e-mail in one transaction, so
 * the three exist together or not at all. Answers the stored notification (to push after the commit) and whether an
 * e-mail was queued, or undefined when the reminder was already claimed (another process, an earlier run).
 */
export async function sendReminder({
  db,
  reminder,
}: {
  db: Database;
  reminder: DueReminder;
}): Promise<{ notification: NotificationRow; emailQueued: boolean } | undefined> {
  return db.transaction(async (tx) => {
    if (!(await claimReminder({ db: tx, reminder: reminder.claim }))) return undefined;
    const [notification] = await insertNotifications({
      db: tx,
      rows: [{ userId: reminder.claim.userId, senderUserId: null, bookingId: reminder.claim.bookingId ?? null, name: 'System', message: reminder.message, image: null }],
    });
    if (reminder.email) await enqueueEmail({ db: tx, email: reminder.email });
    return { notification: notification!, emailQueued: reminder.email !== undefined };
  });
}

export interface ReminderRunResult {
  /** The reminders this run sent. */
  sent: DueReminder[];
  /** Their notifications, stored and committed: the caller pushes them. */
  notifications: NotificationRow[];
  /** How many e-mails were queued: the caller wakes the mail dispatcher. */
  emailsQueued: number;
  /** Reminders that failed (logged); the next run tries them again. */
  failed: number;
}

/** Sends every reminder due at `now`, each in its own transaction; one that fails is logged and left for the next run. */
export async function sendDueReminders({
  db,
  now,
  publicUrl,
  logger,
}: {
  db: Database;
  now: Date;
  publicUrl: string;
  logger: Pick<FastifyBaseLogger, 'error'>;
}): Promise<ReminderRunResult> {
  const result: ReminderRunResult = { sent: [], notifications: [], emailsQueued: 0, failed: 0 };
  for (const reminder of await findDueReminders({ db, now, publicUrl })) {
    try {
      const outcome = await sendReminder({ db, reminder });
      if (!outcome) continue;
      result.sent.push(reminder);
      result.notifications.push(outcome.notification);
      if (outcome.emailQueued) result.emailsQueued += 1;
    } catch (error) {
      result.failed += 1;
      logger.error({ err: error, reminder: reminder.claim }, 'could not send a deadline reminder');
    }
  }
  return result;
}
