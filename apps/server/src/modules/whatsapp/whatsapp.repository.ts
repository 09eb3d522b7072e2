import { desc, eq, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { users, whatsappCodes } from '../users/users.table.js';
import type { WhatsappRecipient } from './whatsapp-sender.js';

/**
 * Locks the user's row for the rest of the transaction, so two sends (or two tries) for one user run one
 * after the other: a send cannot leave two live codes and a try cannot be counted twice.
 */
export async function lockUser({ db, userId }: { db: Executor; userId: number }): Promise<WhatsappRecipient | undefined> {
  const [row] = await db
    .select({ id: users.id, name: users.name, email: users.email })
    .from(users)
    .where(eq(users.id, userId))
    .for('update');
  return row;
}

/** The user's current code with its age and state measured by the database clock (one clock for all processes). */
export async function findCurrentCode({ db, userId }: { db: Executor; userId: number }) {
  const [row] = await db
    .select({
      id: whatsappCodes.id,
      phone: whatsappCodes.phone,
      codeHash: whatsappCodes.codeHash,
      attempts: whatsappCodes.attempts,
      expired: sql<boolean>`${whatsappCodes.expiresAt} <= now()`,
      ageSeconds: sql<number>`extract(epoch from now() - ${whatsappCodes.createdAt})::float8`,
    })
    .from(whatsappCodes)
    .where(eq(whatsappCodes.userId, userId))
    .orderBy(desc(whatsappCodes.id))
    .limit(1);
  return row;
}

export async function deleteCodesOfUser({ db, userId }: { db: Executor; userId: number }): Promise<void> {
  await db.delete(whatsappCodes).where(eq(whatsappCodes.userId, userId));
}

export async function insertCode({
  db,
  userId,
  phone,
  codeHash,
  validMinutes,
}: {
  db: Executor;
  userId: number;
  phone: string;
  codeHash: string;
  validMinutes: number;
}): Promise<void> {
  await db.insert(whatsappCodes).values({
    userId,
    phone,
    codeHash,
    expiresAt: sql`now() + ${sql.raw(`interval '${Math.trunc(validMinutes)} minutes'`)}`,
  });
}

/** Counts one wrong try; returns the tries so far. */
export async function countWrongTry({ db, codeId }: { db: Executor; codeId: number }): Promise<number> {
  const [row] = await db
    .update(whatsappCodes)
    .set({ attempts: sql`${whatsappCodes.attempts} + 1` })
    .where(eq(whatsappCodes.id, codeId))
    .returning({ attempts: whatsappCodes.attempts });
  return row?.attempts ?? 0;
}

/** The number is verified: saved, stamped, and the session's w_verified turns false (PRODUCT §4). */
export async function markWhatsappVerified({ db, userId, phone }: { db: Executor; userId: number; phone: string }): Promise<void> {
  await db
    .update(users)
    .set({ whatsappPhone: phone, whatsappVerifiedAt: sql`now()`, whatsappPending: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}
