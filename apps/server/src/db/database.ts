import { existsSync, mkdirSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { PGlite } from '@electric-sql/pglite';
import { sql } from 'drizzle-orm';
import type { PgDatabase, PgQueryResultHKT } from 'drizzle-orm/pg-core';
import { drizzle as drizzlePg } from 'drizzle-orm/node-postgres';
import { migrate as migratePg } from 'drizzle-orm/node-postgres/migrator';
import { drizzle as drizzlePglite } from 'drizzle-orm/pglite';
import { migrate as migratePglite } from 'drizzle-orm/pglite/migrator';
import pg from 'pg';
import { startBackupResponder } from '../ops/backup-requests.js';
import { snapshotPglite } from '../ops/pglite-snapshot.js';
import { acquireDataDirLock } from './data-dir-lock.js';
import { installNamedStatements } from './pg-statements.js';
import { installStatementCache } from './pglite-statements.js';
import * as schema from './schema.js';

export type Schema = typeof schema;
/** The one database handle type, whichever engine is behind it. */
export type Database = PgDatabase<PgQueryResultHKT, Schema>;
export type Transaction = Parameters<Parameters<Database['transaction']>[0]>[0];
/** Repositories take either the database or a transaction opened by a use case. */
export type Executor = Database | Transaction;

export interface DatabaseHandle {
  db: Database;
  engine: 'pglite' | 'postgres';
  close(): Promise<void>;
}

/** src/db and dist/db are both two levels below the package root. */
export const MIGRATIONS_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../src/db/migrations');

/**
 * Decision 059 addendum: the pool keeps its connections while idle (node-postgres closes them after 10 s by default).
 * Each new connection costs PostgreSQL a backend process and this server the named statements prepared again
 * (decision 039); under the mixed load 2-4 connections a minute were closed and opened again between bursts. At most
 * `max` (10) connections per process are held; a connection that fails is still removed and replaced.
 */
export const POOL_IDLE_TIMEOUT_MS = 0;

/** Any number, the same in every process: serialises migrations of servers starting together. */
const MIGRATION_LOCK_KEY = 7_311_204_871;

// The lock of the embedded database (also taken by `npm run backup` / `restore` when they open it themselves).
export { acquireDataDirLock, DatabaseLockedError, readLiveLockHolder } from './data-dir-lock.js';

/**
 * PGlite's shared buffers default to 128 MB of WASM memory, held for the life of the process; pages beyond
 * them are read through Node's file system (the OS page cache). 16 MB keeps the hottest pages and the embedded
 * server under issue 8's 300 MB budget; most repeated reads are answered by the read cache, and the bench's
 * read figures were the same with 32 MB (decision 009, addendum on memory).
 */
export const PGLITE_OPTIONS = { postgresqlconf: ['shared_buffers = 16MB'] };
const PGLITE_ANALYZE_INTERVAL_MS = 6 * 3_600_000;

export interface OpenDatabaseOptions {
  /** postgres://...; unset opens the embedded PGlite. */
  databaseUrl?: string | undefined;
  /** Where PGlite keeps its files; 'memory://' keeps it in memory (tests). */
  dataDir: string;
  /**
   * An idle PostgreSQL client that fails (the server restarted, the database was dropped) is reported here;
   * without a listener node-postgres would crash the process. Default: one line on stderr; the pool replaces the client.
   */
  onPoolError?: (error: Error) => void;
  /**
   * For 'memory://' only: start from this PGlite data directory dump (createPgliteTemplate) instead of running
   * initdb, which takes seconds and several hundred MB (tests open one database per file).
   */
  template?: Blob | undefined;
}

/** A dump of a new, migrated in-memory PGlite database, for OpenDatabaseOptions.template. */
export async function createPgliteTemplate(): Promise<Uint8Array> {
  const client = new PGlite(PGLITE_OPTIONS);
  try {
    await client.waitReady;
    await migratePglite(drizzlePglite(client, { schema, casing: 'snake_case' }), { migrationsFolder: MIGRATIONS_DIR });
    const dump = await client.dumpDataDir('none');
    return new Uint8Array(await dump.arrayBuffer());
  } finally {
    await client.close();
  }
}

/** Opens the database and applies the committed migrations. */
export async function openDatabase(options: OpenDatabaseOptions): Promise<DatabaseHandle> {
  if (options.databaseUrl) {
    const pool = new pg.Pool({ connectionString: options.databaseUrl, max: 10, idleTimeoutMillis: POOL_IDLE_TIMEOUT_MS });
    pool.on('error', options.onPoolError ?? ((error) => process.stderr.write(`PostgreSQL idle client error: ${error.message}\n`)));
    // Decision 064: every repeated statement named, so each connection parses it once and PostgreSQL keeps its plan.
    installNamedStatements(pool);
    try {
      const db = drizzlePg(pool, { schema, casing: 'snake_case' }) as unknown as Database;
      const client = await pool.connect();
      try {
        await client.query('select pg_advisory_lock($1)', [MIGRATION_LOCK_KEY]);
        await migratePg(drizzlePg(client, { schema }), { migrationsFolder: MIGRATIONS_DIR });
      } finally {
        await client.query('select pg_advisory_unlock($1)', [MIGRATION_LOCK_KEY]).catch(() => undefined);
        client.release();
      }
      return { db, engine: 'postgres', close: () => pool.end() };
    } catch (error) {
      await pool.end().catch(() => undefined);
      throw error;
    }
  }

  const inMemory = options.dataDir === 'memory://';
  const release = inMemory ? () => undefined : acquireDataDirLock(options.dataDir);
  try {
    const dbDir = inMemory ? undefined : path.join(options.dataDir, 'pglite');
    if (dbDir && !existsSync(dbDir)) mkdirSync(dbDir, { recursive: true });
    const client = dbDir
      ? new PGlite(dbDir, PGLITE_OPTIONS)
      : new PGlite({ ...PGLITE_OPTIONS, ...(options.template ? { loadDataDir: options.template } : {}) });
    await client.waitReady;
    // Decision 062: every repeated statement PREPAREd once (installed before Drizzle wraps the client).
    installStatementCache(client);
    const db = drizzlePglite(client, { schema, casing: 'snake_case' });
    await migratePglite(db, { migrationsFolder: MIGRATIONS_DIR });
    // PGlite runs no autovacuum: without statistics the planner takes every table for tiny and picks nested
    // loops over 50,000 bookings (issue 8). Gather them at start and every few hours (a second or so each).
    if (!inMemory) await client.exec('analyze');
    const analyzer = setInterval(() => void client.exec('analyze').catch(() => undefined), PGLITE_ANALYZE_INTERVAL_MS);
    analyzer.unref();
    // `npm run backup` cannot open the database this process holds: it asks this process for a snapshot.
    const backupResponder = dbDir ? startBackupResponder({ dataDir: options.dataDir, snapshot: (target) => snapshotPglite({ client, dbDir, target }) }) : undefined;
    return {
      db: db as unknown as Database,
      engine: 'pglite',
      close: async () => {
        clearInterval(analyzer);
        try {
          await backupResponder?.stop();
          await client.close();
        } finally {
          release();
        }
      },
    };
  } catch (error) {
    release();
    throw error;
  }
}

export async function pingDatabase(db: Database): Promise<void> {
  await db.execute(sql`select 1`);
}
