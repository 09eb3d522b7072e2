import { eq } from 'drizzle-orm';
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
