import { and, asc, count, desc, eq, inArray, isNull, lte, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { users } from '../users/users.table.js';
import { emailOutbox, type EmailOutboxRow } from './emails.table.js';

const due = (now: Date) => and(eq(emailOutbox.status, 'queued'), lte(emailOutbox.nextAttemptAt, now));

/**
 * Claims up to `limit` queued rows whose next_attempt_at has come (oldest due first) and returns them, each with
 * its attempts already counted and next_attempt_at pushed to `leaseUntil`: until then no other dispatcher takes
 * them, and if this process dies mid-send they come due again by themselves (PRODUCT §1: no message is lost).
 * Safe with several processes: the inner select locks the rows it takes and skips rows another claim holds,
 * and the outer conditions are checked again on the locked row, so each row is claimed by one of them.
 */
export async function claimDueEmails({
  db,
  now,
  leaseUntil,
  limit,
}: {
  db: Executor;
  now: Date;
  leaseUntil: Date;
  limit: number;
}): Promise<EmailOutboxRow[]> {
  const candidates = db
    .select({ id: emailOutbox.id })
    .from(emailOutbox)
    .where(due(now))
    .orderBy(asc(emailOutbox.nextAttemptAt), asc(emailOutbox.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(emailOutbox)
    .set({ attempts: sql`${emailOutbox.attempts} + 1`, nextAttemptAt: leaseUntil })
    .where(and(inArray(emailOutbox.id, candidates), due(now)))
    .returning();
}

/**
 * The result of one claimed send. Written only while the row is still the claim this process holds (queued
 * with the attempts it counted): if the lease ran out and another dispatcher took the row meanwhile, that one
 * owns the outcome.
 */
export async function markEmailSent({ db, id, attempts, now }: { db: Executor; id: number; attempts: number; now: Date }): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: 'sent', sentAt: now, lastError: null })
    .where(claimHeld({ id, attempts }))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

export async function markEmailFailedAttempt({
  db,
  id,
  attempts,
  error,
  nextAttemptAt,
  giveUp,
}: {
  db: Executor;
  id: number;
  attempts: number;
  error: string;
  nextAttemptAt: Date;
  giveUp: boolean;
}): Promise<boolean> {
  const rows = await db
    .update(emailOutbox)
    .set({ status: giveUp ? 'failed' : 'queued', lastError: error, nextAttemptAt })
    .where(claimHeld({ id, attempts }))
    .returning({ id: emailOutbox.id });
  return rows.length > 0;
}

const claimHeld = ({ id, attempts }: { id: number; attempts: number }) =>
  and(eq(emailOutbox.id, id), eq(emailOutbox.status, 'queued'), eq(emailOutbox.attempts, attempts));

export async function findEmail({ db, id }: { db: Executor; id: number }): Promise<EmailOutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1);
  return row;
}

/** The row locked until the transaction ends, so a resend and a dispatcher's claim cannot interleave. */
export async function findEmailForUpdate({ db, id }: { db: Executor; id: number }): Promise<EmailOutboxRow | undefined> {
  const [row] = await db.select().from(emailOutbox).where(eq(emailOutbox.id, id)).limit(1).for('update');
  return row;
}

/** Back to the queue, due now, with a fresh set of attempts. */
export async function requeueEmail({ db, id, now }: { db: Executor; id: number; now: Date }): Promise<void> {
  await db
    .update(emailOutbox)
    .set({ status: 'queued', attempts: 0, lastError: null, nextAttemptAt: now, sentAt: null })
    .where(eq(emailOutbox.id, id));
}

/** The whole outbox, newest first. */
export async function listEmails({ db, limit, offset }: { db: Executor; limit: number; offset: number }) {
  const rows = await db
    .select({
      id: emailOutbox.id,
      to: emailOutbox.to,
      subject: emailOutbox.subject,
      status: emailOutbox.status,
      attempts: emailOutbox.attempts,
      lastError: emailOutbox.lastError,
      createdAt: emailOutbox.createdAt,
      sentAt: emailOutbox.sentAt,
    })
    .from(emailOutbox)
    .orderBy(desc(emailOutbox.createdAt), desc(emailOutbox.id))
    .limit(limit)
    .offset(offset);
  const [totalRow] = await db.select({ value: count() }).from(emailOutbox);
  return { rows, total: totalRow?.value ?? 0 };
}

/** An agent by number (role user, not deleted), whatever its approval: admins may write to pending agents too. */
export async function findAgentByNumber({ db, agentId }: { db: Executor; agentId: number }) {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(and(eq(users.agentId, agentId), eq(users.role, 'user'), isNull(users.deletedAt)))
    .limit(1);
  return row;
}
