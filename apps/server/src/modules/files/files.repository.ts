import { eq, inArray, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { files, type FileRow, type NewFileRow } from './files.table.js';

/**
 * Inserts the row of a stored file, or returns the existing one: files are named by their content, so the
 * same bytes uploaded twice under one name are one file (and one row) used by both records.
 */
export async function insertFileOrGetExisting({ db, file }: { db: Executor; file: NewFileRow }): Promise<FileRow> {
  const [inserted] = await db.insert(files).values(file).onConflictDoNothing({ target: files.storagePath }).returning();
  if (inserted) return inserted;
  const existing = await findFileByStoragePath({ db, storagePath: file.storagePath });
  if (!existing) throw new Error(`files row for ${file.storagePath} vanished during insert`);
  return existing;
}

/**
 * insertFileOrGetExisting for several files in one statement (decision 039; add-booking under the group's lock): the
 * ids of their rows, in the order of `rows`. The statement's own snapshot does not show a row that a concurrent
 * transaction committed while this insert waited on it; such a path is read again on its own.
 */
export async function insertFilesOrGetExistingIds({ db, rows }: { db: Executor; rows: readonly NewFileRow[] }): Promise<number[]> {
  const unique = [...new Map(rows.map((row) => [row.storagePath, row])).values()];
  if (unique.length === 0) return [];
  const inserted = db
    .insert(files)
    .values(unique)
    .onConflictDoNothing({ target: files.storagePath })
    .returning({ id: files.id, storagePath: files.storagePath });
  // The outer select's snapshot predates the insert: it sees the rows that existed, not the ones inserted.
  const result = (await db.execute(sql`
    with inserted as ${inserted}
    select id, storage_path from inserted
    union all
    select ${files.id}, ${files.storagePath} from ${files} where ${inArray(
      files.storagePath,
      unique.map((row) => row.storagePath),
    )}`)) as unknown as { rows: Array<{ id: number; storage_path: string }> };
  const ids = new Map(result.rows.map((row) => [row.storage_path, Number(row.id)]));
  for (const row of unique) {
    if (ids.has(row.storagePath)) continue;
    const existing = await findFileByStoragePath({ db, storagePath: row.storagePath });
    if (!existing) throw new Error(`files row for ${row.storagePath} vanished during insert`);
    ids.set(row.storagePath, existing.id);
  }
  return rows.map((row) => ids.get(row.storagePath)!);
}

export async function findFileByStoragePath({
  db,
  storagePath,
}: {
  db: Executor;
  storagePath: string;
}): Promise<FileRow | undefined> {
  const [row] = await db.select().from(files).where(eq(files.storagePath, storagePath)).limit(1);
  return row;
}
