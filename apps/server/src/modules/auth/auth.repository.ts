import { ACCOUNT_LOCK_FIRST_MINUTES, ACCOUNT_LOCK_MAX_MINUTES, ACCOUNT_LOCK_THRESHOLD } from '@portal/contract/auth';
import { and, eq, gt, isNotNull, isNull, ne, or, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { preparedStatement } from '../../lib/prepared.js';
import { files } from '../files/files.table.js';
import { users, type UserRow } from '../users/users.table.js';
import { tokens } from './tokens.table.js';

/** Tokens expire after 30 days without use (PRODUCT §3). */
export const TOKEN_IDLE_DAYS = 30;

/** And 30 days after sign-in at the latest, however often they are used (issue 16 point 7). */
export const TOKEN_MAX_AGE_DAYS = 30;

/** A forgot-password temporary password is valid 1 hour (PRODUCT §4). */
export const TEMP_PASSWORD_VALID_MINUTES = 60;

export async function findUserByEmail({ db, email }: { db: Executor; email: string }): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt)))
    .limit(1);
  return user;
}

export async function findUserById({ db, userId }: { db: Executor; userId: number }): Promise<UserRow | undefined> {
  const [user] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, userId), isNull(users.deletedAt)))
    .limit(1);
  return user;
}

export async function insertUser({ db, user }: { db: Executor; user: PgInsertValue<typeof users> }): Promise<UserRow> {
  const [row] = await db.insert(users).values(user).returning();
  return row!;
}

export async function updateUserPassword({
  db,
  userId,
  passwordHash,
}: {
  db: Executor;
  userId: number;
  passwordHash: string;
}): Promise<void> {
  await db
    .update(users)
    // A password chosen now supersedes any temporary one still outstanding from forgot-password.
    .set({ passwordHash, changePassword: false, tempPasswordHash: null, tempPasswordExpiresAt: null, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
}

/** The storage path of the user's picture, or null without one. */
export async function findUserImagePath({ db, fileId }: { db: Executor; fileId: number }): Promise<string | null> {
  const [row] = await db.select({ storagePath: files.storagePath }).from(files).where(eq(files.id, fileId)).limit(1);
  return row?.storagePath ?? null;
}

/** Stores a forgot-password temporary password (replacing an older one), valid from the database's now. */
export async function setTemporaryPassword({
  db,
  userId,
  tempPasswordHash,
}: {
  db: Executor;
  userId: number;
  tempPasswordHash: string;
}): Promise<void> {
  await db
    .update(users)
    .set({
      tempPasswordHash,
      tempPasswordExpiresAt: sql`now() + ${sql.raw(`interval '${TEMP_PASSWORD_VALID_MINUTES} minutes'`)}`,
      updatedAt: sql`now()`,
    })
    .where(eq(users.id, userId));
}

/**
 * Makes the temporary password the password (PRODUCT §4: one-time) and asks for a change (000 §4 forced
 * modal). The conditions sit in the UPDATE itself, so of two logins racing with the same temporary password
 * only one gets the row back, and an expired one never matches.
 */
export async function consumeTemporaryPassword({
  db,
  userId,
  tempPasswordHash,
}: {
  db: Executor;
  userId: number;
  tempPasswordHash: string;
}): Promise<UserRow | undefined> {
  const [row] = await db
    .update(users)
    .set({
      passwordHash: tempPasswordHash,
      tempPasswordHash: null,
      tempPasswordExpiresAt: null,
      changePassword: true,
      // Signing in with an e-mailed temporary password proves the owner reads the account's mail: it unlocks (decision 018).
      failedSignIns: 0,
      lockedUntil: null,
      updatedAt: sql`now()`,
    })
    .where(
      and(eq(users.id, userId), eq(users.tempPasswordHash, tempPasswordHash), gt(users.tempPasswordExpiresAt, sql`now()`)),
    )
    .returning();
  return row;
}

/**
 * Counts one more wrong password for the account and, from the ACCOUNT_LOCK_THRESHOLD-th in a row, locks it from
 * now for 15 minutes doubled per further failure, at most 24 hours (decision 018). One statement computes both from
 * the row as it stands, so wrong passwords racing in from many addresses are each counted and exactly one of them
 * sees the count reach the threshold (the one that e-mails the owner).
 */
export async function recordFailedSignIn({ db, userId }: { db: Executor; userId: number }) {
  const failures = sql`${users.failedSignIns} + 1`;
  const minutes = sql`least(${sql.raw(String(ACCOUNT_LOCK_FIRST_MINUTES))} * power(2, least(${failures} - ${sql.raw(
    String(ACCOUNT_LOCK_THRESHOLD),
  )}, 7)), ${sql.raw(String(ACCOUNT_LOCK_MAX_MINUTES))})`;
  const [row] = await db
    .update(users)
    .set({
      failedSignIns: failures,
      lockedUntil: sql`case when ${failures} >= ${sql.raw(String(ACCOUNT_LOCK_THRESHOLD))} then now() + ${minutes} * interval '1 minute' else ${users.lockedUntil} end`,
    })
    .where(eq(users.id, userId))
    .returning({ failedSignIns: users.failedSignIns, lockedUntil: users.lockedUntil });
  return row;
}

/** A sign-in or an administrator clears the count and the lock; true when there was something to clear. */
export async function clearFailedSignIns({ db, userId }: { db: Executor; userId: number }): Promise<boolean> {
  const rows = await db
    .update(users)
    .set({ failedSignIns: 0, lockedUntil: null })
    .where(and(eq(users.id, userId), or(gt(users.failedSignIns, 0), isNotNull(users.lockedUntil))))
    .returning({ id: users.id });
  return rows.length > 0;
}

export async function insertToken({
  db,
  userId,
  tokenHash,
  userAgent,
}: {
  db: Executor;
  userId: number;
  tokenHash: string;
  userAgent: string | null;
}): Promise<void> {
  await db.insert(tokens).values({ userId, tokenHash, userAgent });
}

/** The live token with that hash and its user, if the token is not revoked, not idle too long and not too old. */
export async function findLiveToken({ db, tokenHash }: { db: Executor; tokenHash: string }) {
  const query = preparedStatement(db, 'auth_live_token', (on) =>
    on
      .select({
        tokenId: tokens.id,
        lastUsedAt: tokens.lastUsedAt,
        user: users,
      })
      .from(tokens)
      .innerJoin(users, eq(users.id, tokens.userId))
      .where(
        and(
          eq(tokens.tokenHash, sql.placeholder('tokenHash')),
          isNull(tokens.revokedAt),
          gt(tokens.lastUsedAt, sql`now() - ${sql.raw(`interval '${TOKEN_IDLE_DAYS} days'`)}`),
          gt(tokens.createdAt, sql`now() - ${sql.raw(`interval '${TOKEN_MAX_AGE_DAYS} days'`)}`),
          isNull(users.deletedAt),
        ),
      )
      .limit(1)
      .prepare('auth_live_token'),
  );
  const [row] = await query.execute({ tokenHash });
  return row;
}

export async function touchToken({ db, tokenId }: { db: Executor; tokenId: number }): Promise<void> {
  await db.update(tokens).set({ lastUsedAt: sql`now()` }).where(eq(tokens.id, tokenId));
}

export async function revokeToken({ db, tokenId }: { db: Executor; tokenId: number }): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(tokens.id, tokenId), isNull(tokens.revokedAt)));
}

/** Signs the user out everywhere but on one token (a password changed by its owner; issue 16 point 5). */
export async function revokeOtherUserTokens({ db, userId, exceptTokenId }: { db: Executor; userId: number; exceptTokenId: number }): Promise<void> {
  await db
    .update(tokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt), ne(tokens.id, exceptTokenId)));
}

/** Signs the user out everywhere (reject, delete, a verified WhatsApp number): every token not yet revoked is revoked now. */
export async function revokeUserTokens({ db, userId }: { db: Executor; userId: number }): Promise<number> {
  const rows = await db
    .update(tokens)
    .set({ revokedAt: sql`now()` })
    .where(and(eq(tokens.userId, userId), isNull(tokens.revokedAt)))
    .returning({ id: tokens.id });
  return rows.length;
}
