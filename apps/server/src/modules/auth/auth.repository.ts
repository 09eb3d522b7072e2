import { and, eq, gt, isNull, sql } from 'drizzle-orm';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { users, type UserRow } from '../users/users.table.js';
import { tokens } from './tokens.table.js';

/** Tokens expire after 30 days without use (PRODUCT §3). */
export const TOKEN_IDLE_DAYS = 30;

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
    .set({ passwordHash, changePassword: false, updatedAt: sql`now()` })
    .where(eq(users.id, userId));
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

/** The live token with that hash and its user, if the token is not revoked and not idle too long. */
export async function findLiveToken({ db, tokenHash }: { db: Executor; tokenHash: string }) {
  const [row] = await db
    .select({
      tokenId: tokens.id,
      lastUsedAt: tokens.lastUsedAt,
      user: users,
    })
    .from(tokens)
    .innerJoin(users, eq(users.id, tokens.userId))
    .where(
      and(
        eq(tokens.tokenHash, tokenHash),
        isNull(tokens.revokedAt),
        gt(tokens.lastUsedAt, sql`now() - ${sql.raw(`interval '${TOKEN_IDLE_DAYS} days'`)}`),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
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
