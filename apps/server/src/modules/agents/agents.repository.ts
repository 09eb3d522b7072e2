import { and, count, desc, eq, ilike, isNull, ne, or, sql, type SQL } from 'drizzle-orm';
import { alias, type PgInsertValue } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { files } from '../files/files.table.js';
import { users, type NewUserRow, type UserRow } from '../users/users.table.js';

/** A user with the storage paths of its picture and logo (null without one). */
export type UserWithFiles = UserRow & { imagePath: string | null; logoPath: string | null };

const imageFile = alias(files, 'image_file');
const logoFile = alias(files, 'logo_file');

const liveAgent = (id: number) => and(eq(users.id, id), eq(users.role, 'user'), isNull(users.deletedAt));

function selectUsersWithFiles(db: Executor) {
  return db
    .select({ user: users, imagePath: imageFile.storagePath, logoPath: logoFile.storagePath })
    .from(users)
    .leftJoin(imageFile, eq(imageFile.id, users.imageFileId))
    .leftJoin(logoFile, eq(logoFile.id, users.logoFileId));
}

function flatten(row: { user: UserRow; imagePath: string | null; logoPath: string | null }): UserWithFiles {
  return { ...row.user, imagePath: row.imagePath, logoPath: row.logoPath };
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** A live user of any role (my-profile), with its files. */
export async function findLiveUserWithFiles({ db, id }: { db: Executor; id: number }): Promise<UserWithFiles | undefined> {
  const [row] = await selectUsersWithFiles(db)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1);
  return row ? flatten(row) : undefined;
}

/** A live agent (role user), with its files; administrators and deleted agents are not agents here. */
export async function findLiveAgentWithFiles({ db, id }: { db: Executor; id: number }): Promise<UserWithFiles | undefined> {
  const [row] = await selectUsersWithFiles(db).where(liveAgent(id)).limit(1);
  return row ? flatten(row) : undefined;
}

/** The live agent, locked until the transaction ends: accept, reject, edit and delete of one agent take turns. */
export async function findLiveAgentForUpdate({ db, id }: { db: Executor; id: number }): Promise<UserRow | undefined> {
  const [row] = await db.select().from(users).where(liveAgent(id)).limit(1).for('update');
  return row;
}

/** The live user of any role, locked (update-my-profile). */
export async function findLiveUserForUpdate({ db, id }: { db: Executor; id: number }): Promise<UserRow | undefined> {
  const [row] = await db
    .select()
    .from(users)
    .where(and(eq(users.id, id), isNull(users.deletedAt)))
    .limit(1)
    .for('update');
  return row;
}

/** Whether another live user already signs in with this address (e-mails are stored lower-case). */
export async function isEmailTakenByOther({ db, email, exceptId }: { db: Executor; email: string; exceptId?: number }): Promise<boolean> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.email, email), isNull(users.deletedAt), exceptId === undefined ? undefined : ne(users.id, exceptId)))
    .limit(1);
  return row !== undefined;
}

export async function insertAgent({ db, agent }: { db: Executor; agent: PgInsertValue<typeof users> }): Promise<UserRow> {
  const [row] = await db.insert(users).values(agent).returning();
  return row!;
}

export async function updateUserRow({
  db,
  id,
  changes,
}: {
  db: Executor;
  id: number;
  changes: Partial<Omit<NewUserRow, 'id' | 'createdAt'>>;
}): Promise<void> {
  await db
    .update(users)
    .set({ ...changes, updatedAt: sql`now()` })
    .where(eq(users.id, id));
}

export async function softDeleteUser({ db, id }: { db: Executor; id: number }): Promise<void> {
  await db.update(users).set({ deletedAt: sql`now()`, updatedAt: sql`now()` }).where(eq(users.id, id));
}

async function pageOfUsers({ db, where, limit, offset }: { db: Executor; where: SQL | undefined; limit: number; offset: number }) {
  const rows = await selectUsersWithFiles(db)
    .where(where)
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit)
    .offset(offset);
  const [totalRow] = await db.select({ value: count() }).from(users).where(where);
  return { rows: rows.map(flatten), total: totalRow?.value ?? 0 };
}

/**
 * An agent whose e-mail, name or agency contains the query (case-insensitive), or whose number contains its digits
 * ('1001' or 'Agent-1001'); with `phone`, also one whose phone contains it.
 */
function matchesAgent(query: string, { phone = false }: { phone?: boolean } = {}): SQL {
  const pattern = `%${escapeLike(query)}%`;
  const number = /^(?:agent-?)?(\d{1,10})$/i.exec(query)?.[1];
  const matches = [ilike(users.email, pattern), ilike(users.name, pattern), ilike(users.agencyName, pattern)];
  if (phone) matches.push(ilike(users.phone, pattern));
  if (number) matches.push(sql`${users.agentId}::text like ${`%${number}%`}`);
  return or(...matches)!;
}

/** Live agents, newest first (the Agents table, 001 §2), narrowed by a search and a status (decision 022). */
export async function listLiveAgents({
  db,
  limit,
  offset,
  search,
  status,
}: {
  db: Executor;
  limit: number;
  offset: number;
  search?: string | undefined;
  status?: UserRow['activeStatus'] | undefined;
}) {
  const where = and(
    eq(users.role, 'user'),
    isNull(users.deletedAt),
    search ? matchesAgent(search, { phone: true }) : undefined,
    status ? eq(users.activeStatus, status) : undefined,
  );
  return pageOfUsers({ db, where, limit, offset });
}

/** Every live user, administrators and agents, newest first (All Users, 001 §2). */
export async function listLiveUsers({ db, limit, offset }: { db: Executor; limit: number; offset: number }) {
  return pageOfUsers({ db, where: isNull(users.deletedAt), limit, offset });
}

/**
 * Live agents of any status whose e-mail, name or agency contains the query (case-insensitive), or whose
 * number contains its digits ('1001' or 'Agent-1001'); newest first.
 */
export async function searchLiveAgents({ db, query, limit }: { db: Executor; query: string; limit: number }): Promise<UserWithFiles[]> {
  const rows = await selectUsersWithFiles(db)
    .where(and(eq(users.role, 'user'), isNull(users.deletedAt), matchesAgent(query)))
    .orderBy(desc(users.createdAt), desc(users.id))
    .limit(limit);
  return rows.map(flatten);
}
