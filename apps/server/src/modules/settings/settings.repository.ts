import { and, asc, eq, inArray, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { users, type NewUserRow, type UserRow } from '../users/users.table.js';
import { settings, type SettingKey } from './settings.table.js';

/** Queries of the settings table and of admin users (issue 7). */

/** The stored values of `keys`; a missing key is absent from the map. */
export async function readSettingValues({ db, keys }: { db: Executor; keys: SettingKey[] }): Promise<Map<string, unknown>> {
  const rows = await db.select({ key: settings.key, value: settings.value }).from(settings).where(inArray(settings.key, keys));
  return new Map(rows.map((row) => [row.key, row.value]));
}

/** Writes each key (insert or replace), recording who changed it. */
export async function upsertSettingValues({
  db,
  values,
  userId,
}: {
  db: Executor;
  values: Array<{ key: SettingKey; value: unknown }>;
  userId: number | null;
}): Promise<void> {
  for (const { key, value } of values) {
    await db
      .insert(settings)
      .values({ key, value, updatedBy: userId })
      .onConflictDoUpdate({ target: settings.key, set: { value, updatedBy: userId, updatedAt: sql`now()` } });
  }
}

const liveAdmin = and(eq(users.role, 'admin'), isNull(users.deletedAt));

export async function listAdminUsers({ db }: { db: Executor }): Promise<UserRow[]> {
  return db.select().from(users).where(liveAdmin).orderBy(asc(users.createdAt), asc(users.id));
}

/** A live admin, locked FOR UPDATE when `lock` (inside a transaction). */
export async function findAdminUser({ db, id, lock = false }: { db: Executor; id: number; lock?: boolean }): Promise<UserRow | undefined> {
  const query = db.select().from(users).where(and(liveAdmin, eq(users.id, id))).limit(1);
  const [row] = lock ? await query.for('update') : await query;
  return row;
}

/**
 * Locks every live, active admin row and answers their ids: two admins deactivating each other at once run one
 * after the other, so the second sees the first's change and the last active admin stays.
 */
export async function lockActiveAdminIds({ db }: { db: Executor }): Promise<number[]> {
  const rows = await db
    .select({ id: users.id })
    .from(users)
    .where(and(liveAdmin, eq(users.isActive, true)))
    .orderBy(asc(users.id))
    .for('update');
  return rows.map((row) => row.id);
}

/** True when a live user other than `exceptId` has this (lower-case) e-mail. */
export async function isEmailTaken({ db, email, exceptId }: { db: Executor; email: string; exceptId?: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function insertAdminUser({ db, values }: { db: Executor; values: NewUserRow }): Promise<UserRow> {
  const [row] = await db.insert(users).values(values).returning();
  return row!;
}

export async function updateAdminUser({ db, id, values }: { db: Executor; id: number; values: Partial<NewUserRow> }): Promise<UserRow> {
  const [row] = await db
    .update(users)
    .set({ ...values, updatedAt: sql`now()` })
    .where(eq(users.id, id))
    .returning();
  return row!;
}
