import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { files } from '../files/files.table.js';
import { groups } from '../groups/groups.table.js';
import { mySectors, type MySectorRow, type NewMySectorRow } from './my-sectors.table.js';

/** A my-sector with the storage path of its picture and the count of its open groups. */
export type MySectorListRow = MySectorRow & { imagePath: string | null; openGroupCount: number };

const liveMySector = (id: number) => and(eq(mySectors.id, id), isNull(mySectors.deletedAt));

/**
 * Open groups of the my-sector (001 §3 totalpnr): not closed, not deleted, first departure on or after `today`
 * (a YYYY-MM-DD date in Asia/Karachi, PRODUCT §3).
 */
function openGroupCountSql(today: string) {
  return sql<number>`(select count(*) from ${groups} where ${groups.mySectorId} = ${mySectors.id} and ${groups.closeStatus} = false and ${groups.deletedAt} is null and ${groups.departureDate} >= ${today})`.mapWith(
    Number,
  );
}

export async function insertMySector({ db, mySector }: { db: Executor; mySector: NewMySectorRow }): Promise<MySectorRow> {
  const [row] = await db.insert(mySectors).values(mySector).returning();
  return row!;
}

export async function findLiveMySectorForUpdate({ db, id }: { db: Executor; id: number }): Promise<MySectorRow | undefined> {
  const [row] = await db.select().from(mySectors).where(liveMySector(id)).limit(1).for('update');
  return row;
}

export async function updateMySector({
  db,
  id,
  changes,
}: {
  db: Executor;
  id: number;
  changes: Partial<Pick<NewMySectorRow, 'name' | 'imageFileId' | 'status'>>;
}): Promise<void> {
  await db.update(mySectors).set(changes).where(eq(mySectors.id, id));
}

export async function softDeleteMySector({ db, id }: { db: Executor; id: number }): Promise<void> {
  await db.update(mySectors).set({ deletedAt: sql`now()` }).where(eq(mySectors.id, id));
}

/** Groups that are not deleted, open or closed. */
export async function countLiveGroupsOfMySector({ db, mySectorId }: { db: Executor; mySectorId: number }): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(groups)
    .where(and(eq(groups.mySectorId, mySectorId), isNull(groups.deletedAt)));
  return row?.value ?? 0;
}

const listColumns = (today: string) => ({
  mySector: mySectors,
  imagePath: files.storagePath,
  openGroupCount: openGroupCountSql(today),
});

export async function findMySectorWithDetails({
  db,
  id,
  today,
}: {
  db: Executor;
  id: number;
  today: string;
}): Promise<MySectorListRow | undefined> {
  const [row] = await db
    .select(listColumns(today))
    .from(mySectors)
    .leftJoin(files, eq(files.id, mySectors.imageFileId))
    .where(eq(mySectors.id, id))
    .limit(1);
  return row ? { ...row.mySector, imagePath: row.imagePath, openGroupCount: row.openGroupCount } : undefined;
}

export async function listLiveMySectors({
  db,
  today,
  limit,
  offset,
}: {
  db: Executor;
  today: string;
  limit: number;
  offset: number;
}): Promise<{ rows: MySectorListRow[]; total: number }> {
  const rows = await db
    .select(listColumns(today))
    .from(mySectors)
    .leftJoin(files, eq(files.id, mySectors.imageFileId))
    .where(isNull(mySectors.deletedAt))
    .orderBy(desc(mySectors.createdAt), desc(mySectors.id))
    .limit(limit)
    .offset(offset);
  const [totalRow] = await db.select({ value: count() }).from(mySectors).where(isNull(mySectors.deletedAt));
  return {
    rows: rows.map((row) => ({ ...row.mySector, imagePath: row.imagePath, openGroupCount: row.openGroupCount })),
    total: totalRow?.value ?? 0,
  };
}
