import { cp } from 'node:fs/promises';
import type { PGlite } from '@electric-sql/pglite';

/** What a database snapshot says of itself; recorded in the backup's manifest.json. */
export interface DatabaseSnapshotInfo {
  /** `select version()` of the engine that holds the data (PGlite embeds PostgreSQL). */
  serverVersion: string;
  /** How many migrations the database had applied (drizzle.__drizzle_migrations); 0 when never migrated. */
  migrations: number;
}

const MIGRATION_LEVEL_SQL = `select case when to_regclass('drizzle.__drizzle_migrations') is null then 0
  else (select count(*)::int from drizzle.__drizzle_migrations) end as migrations, version() as server_version`;

/**
 * Copies the embedded database's directory to `target` while no statement runs (decision 019).
 * PGlite runs one statement at a time and one transaction at a time: inside `transaction` nothing else gets the
 * connection, so every other request of the server waits until the copy ends and no transaction is half-way.
 * CHECKPOINT first writes every dirty page from PGlite's buffers to the files; the copy is then a cleanly
 * checkpointed data directory that opens with no WAL to replay. Copying file by file keeps the memory flat,
 * unlike PGlite's dumpDataDir(), which builds the whole tarball in memory.
 */
export async function snapshotPglite({ client, dbDir, target }: { client: PGlite; dbDir: string; target: string }): Promise<DatabaseSnapshotInfo> {
  return client.transaction(async (tx) => {
    await tx.exec('checkpoint');
    const { rows } = await tx.query<{ migrations: number; server_version: string }>(MIGRATION_LEVEL_SQL);
    await cp(dbDir, target, { recursive: true, errorOnExist: true, force: false });
    return { serverVersion: rows[0]!.server_version, migrations: rows[0]!.migrations };
  });
}

export { MIGRATION_LEVEL_SQL };
