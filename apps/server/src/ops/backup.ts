import { spawn } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createWriteStream, existsSync, readFileSync } from 'node:fs';
import { chmod, copyFile, link, mkdir, readdir, readFile, rename, rm, rmdir, stat, utimes, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { pipeline } from 'node:stream/promises';
import { createGzip } from 'node:zlib';
import { PGlite } from '@electric-sql/pglite';
import pg from 'pg';
import * as tar from 'tar';
import { acquireDataDirLock, DatabaseLockedError, MIGRATIONS_DIR, PGLITE_OPTIONS, readLiveLockHolder } from '../db/database.js';
import { BACKUP_MARKER_PREFIX } from '../modules/files/files.usecases.js';
import { BackupError } from './backup.errors.js';
import { getBackupWorkDir, requestPgliteSnapshot } from './backup-requests.js';
import { MIGRATION_LEVEL_SQL, snapshotPglite, type DatabaseSnapshotInfo } from './pglite-snapshot.js';

/**
 * `npm run backup` and `npm run restore FILE` (issue 16 point 15, decision 019). One .tar.gz holds
 * manifest.json, the database (the embedded database's directory, or PostgreSQL's own `pg_dump` in custom
 * format) and the uploads, plus DATA_DIR/app-secret when there is one. The database is taken first and the
 * uploads second: files are written before the rows that name them commit, so every file a row of the
 * snapshot names is already on disk when the uploads are taken.
 */

export const BACKUP_FORMAT = 'group-fare-portal-backup';

export interface BackupManifest {
  format: typeof BACKUP_FORMAT;
  formatVersion: 1;
  engine: 'pglite' | 'postgres';
  /** When the backup started (ISO, UTC). */
  createdAt: string;
  appVersion: string;
  database: DatabaseSnapshotInfo & { path: string };
  uploads: { files: number; bytes: number };
  appSecret: boolean;
}

export interface BackupTarget {
  /** DATA_DIR as the server has it (config.dataDir). */
  dataDir: string;
  /** DATABASE_URL as the server has it; undefined: the embedded database in DATA_DIR. */
  databaseUrl: string | undefined;
}

const PGLITE_PATH = 'database/pglite';
const POSTGRES_PATH = 'database/postgres.dump';
const MARKER_TOUCH_MS = 20_000;

function getAppVersion(): string {
  // MIGRATIONS_DIR is apps/server/src/db/migrations from src and dist alike.
  const manifest = JSON.parse(readFileSync(path.resolve(MIGRATIONS_DIR, '../../../package.json'), 'utf8')) as { version: string };
  return manifest.version;
}

/** How many migrations this build knows: a backup that applied more was made by a newer version. */
function getKnownMigrationCount(): number {
  const journal = JSON.parse(readFileSync(path.join(MIGRATIONS_DIR, 'meta/_journal.json'), 'utf8')) as { entries: unknown[] };
  return journal.entries.length;
}

/** `20261125-063012` in UTC. */
export function formatBackupStamp(date: Date): string {
  const iso = date.toISOString();
  return `${iso.slice(0, 10).replaceAll('-', '')}-${iso.slice(11, 19).replaceAll(':', '')}`;
}

function checkDataDir(dataDir: string): string {
  if (dataDir === 'memory://') throw new BackupError('DATA_DIR is memory://: there is nothing on disk to back up or restore into.');
  return path.resolve(dataDir);
}

// ---------------------------------------------------------------- PostgreSQL's own tools

/** libpq takes the URL as it is, but the password goes by PGPASSWORD so that `ps` never shows it. */
function runPgTool(command: 'pg_dump' | 'pg_restore', args: string[], databaseUrl: string): Promise<void> {
  const url = new URL(databaseUrl);
  const password = decodeURIComponent(url.password);
  url.password = '';
  return new Promise((resolve, reject) => {
    const child = spawn(command, [...args, '--no-password', `--dbname=${url.toString()}`], {
      env: { ...process.env, ...(password ? { PGPASSWORD: password } : {}) },
      stdio: ['ignore', 'ignore', 'pipe'],
    });
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => (stderr += chunk.toString()));
    child.on('error', (error: NodeJS.ErrnoException) =>
      reject(
        error.code === 'ENOENT'
          ? new BackupError(
              `${command} was not found. Install PostgreSQL's client programs of the server's major version or newer ` +
                '(Debian: apt-get install postgresql-client), or put them on PATH.',
            )
          : error,
      ),
    );
    child.on('close', (code) => {
      if (code === 0) resolve();
      else reject(new BackupError(`${command} failed (exit ${code}): ${stderr.trim() || 'no message'}`));
    });
  });
}

function describeDatabase(databaseUrl: string): string {
  const url = new URL(databaseUrl);
  return `${url.host}${url.pathname}`;
}

async function withPostgres<T>(databaseUrl: string, work: (client: pg.Client) => Promise<T>): Promise<T> {
  const client = new pg.Client({ connectionString: databaseUrl, connectionTimeoutMillis: 10_000 });
  client.on('error', () => undefined);
  try {
    await client.connect();
  } catch (error) {
    throw new BackupError(`Cannot connect to PostgreSQL at ${describeDatabase(databaseUrl)}: ${(error as Error).message}`);
  }
  try {
    return await work(client);
  } finally {
    await client.end().catch(() => undefined);
  }
}

async function readPostgresLevel(databaseUrl: string): Promise<DatabaseSnapshotInfo> {
  return withPostgres(databaseUrl, async (client) => {
    const { rows } = await client.query<{ migrations: number; server_version: string }>(MIGRATION_LEVEL_SQL);
    return { migrations: rows[0]!.migrations, serverVersion: rows[0]!.server_version };
  });
}

// ---------------------------------------------------------------- embedded database

async function snapshotEmbedded({ dataDir, id, target }: { dataDir: string; id: string; target: string }): Promise<DatabaseSnapshotInfo> {
  const dbDir = path.join(dataDir, 'pglite');
  if (!existsSync(path.join(dbDir, 'PG_VERSION'))) {
    throw new BackupError(
      `There is no embedded database in ${dataDir} (no pglite/ folder). Run the backup with the server's DATA_DIR, ` +
        'and with its DATABASE_URL when it runs on PostgreSQL.',
    );
  }
  const holder = readLiveLockHolder(dataDir);
  if (holder !== undefined) {
    return requestPgliteSnapshot({ dataDir, id, holder, isHolderAlive: () => readLiveLockHolder(dataDir) === holder });
  }
  // No server runs: open the database here, holding its lock so that none starts meanwhile.
  let release: () => void;
  try {
    release = acquireDataDirLock(dataDir);
  } catch (error) {
    if (error instanceof DatabaseLockedError) throw new BackupError(`${error.message} Run the backup again.`);
    throw error;
  }
  try {
    const client = new PGlite(dbDir, PGLITE_OPTIONS);
    try {
      await client.waitReady;
      return await snapshotPglite({ client, dbDir, target });
    } finally {
      await client.close();
    }
  } finally {
    release();
  }
}

// ---------------------------------------------------------------- uploads

/**
 * While the database is taken and the uploads linked, stored files are not deleted (files.usecases.ts
 * removeStoredFile); the marker is touched so that it never looks stale while the backup lives.
 */
async function holdUploadsMarker({ uploadsDir, id }: { uploadsDir: string; id: string }): Promise<() => Promise<void>> {
  await mkdir(uploadsDir, { recursive: true });
  const marker = path.join(uploadsDir, `${BACKUP_MARKER_PREFIX}${id}`);
  await writeFile(marker, JSON.stringify({ pid: process.pid, at: new Date().toISOString() }));
  const timer = setInterval(() => {
    const now = new Date();
    void utimes(marker, now, now).catch(() => undefined);
  }, MARKER_TOUCH_MS);
  timer.unref();
  let released = false;
  return async () => {
    if (released) return;
    released = true;
    clearInterval(timer);
    await rm(marker, { force: true });
  };
}

/**
 * Hard-links every stored file into `target` (a copy where the file system cannot link). Linking is instant
 * and stored files never change in place (they are named by their content and renamed into place), so the
 * links are a snapshot of the uploads that later writes and deletions do not touch. Dot files (backup markers)
 * and `.tmp` files (uploads half-written) are left out.
 */
async function linkUploads(source: string, target: string): Promise<{ files: number; bytes: number }> {
  await mkdir(target, { recursive: true });
  const totals = { files: 0, bytes: 0 };
  const entries = await readdir(source, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (entry.name.startsWith('.') || entry.name.endsWith('.tmp')) continue;
    const from = path.join(source, entry.name);
    const to = path.join(target, entry.name);
    if (entry.isDirectory()) {
      const inner = await linkUploads(from, to);
      totals.files += inner.files;
      totals.bytes += inner.bytes;
    } else if (entry.isFile()) {
      try {
        await link(from, to);
      } catch (error) {
        const code = (error as NodeJS.ErrnoException).code;
        if (code === 'ENOENT') continue; // an orphan removed meanwhile; no row of the snapshot names it
        await copyFile(from, to);
      }
      totals.files += 1;
      totals.bytes += (await stat(to)).size;
    }
  }
  return totals;
}

async function moveNoClobber(from: string, to: string): Promise<void> {
  // link() fails with EEXIST where rename() would replace: a backup never overwrites another.
  await link(from, to);
  await rm(from, { force: true });
}

// ---------------------------------------------------------------- backup

export async function createBackup({
  dataDir: configuredDataDir,
  databaseUrl,
  outDir,
  now = new Date(),
  onSnapshotTaken,
}: BackupTarget & {
  /** Where the file goes; default DATA_DIR/backups. */
  outDir?: string | undefined;
  now?: Date;
  /** Called once the database and the uploads are taken: what the server writes from then on is not in the backup. */
  onSnapshotTaken?: () => void;
}): Promise<{ file: string; manifest: BackupManifest }> {
  const dataDir = checkDataDir(configuredDataDir);
  const outputDir = path.resolve(outDir ?? path.join(dataDir, 'backups'));
  const stamp = formatBackupStamp(now);
  const id = `${stamp}-${randomBytes(4).toString('hex')}`;
  const work = path.join(getBackupWorkDir(dataDir), id);
  await mkdir(path.join(work, 'database'), { recursive: true });
  const releaseMarker = await holdUploadsMarker({ uploadsDir: path.join(dataDir, 'uploads'), id });
  try {
    let database: BackupManifest['database'];
    if (databaseUrl) {
      // pg_dump reads one snapshot of the whole database, whatever the server writes meanwhile.
      const level = await readPostgresLevel(databaseUrl);
      await runPgTool('pg_dump', ['--format=custom', `--file=${path.join(work, POSTGRES_PATH)}`], databaseUrl);
      database = { ...level, path: POSTGRES_PATH };
    } else {
      database = { ...(await snapshotEmbedded({ dataDir, id, target: path.join(work, PGLITE_PATH) })), path: PGLITE_PATH };
    }
    const uploads = await linkUploads(path.join(dataDir, 'uploads'), path.join(work, 'uploads'));
    await releaseMarker();
    onSnapshotTaken?.();

    const appSecret = existsSync(path.join(dataDir, 'app-secret'));
    if (appSecret) await copyFile(path.join(dataDir, 'app-secret'), path.join(work, 'app-secret'));
    const manifest: BackupManifest = {
      format: BACKUP_FORMAT,
      formatVersion: 1,
      engine: databaseUrl ? 'postgres' : 'pglite',
      createdAt: now.toISOString(),
      appVersion: getAppVersion(),
      database,
      uploads,
      appSecret,
    };
    await writeFile(path.join(work, 'manifest.json'), `${JSON.stringify(manifest, null, 2)}\n`);

    await mkdir(outputDir, { recursive: true });
    const partial = path.join(outputDir, `.backup-${id}.tar.gz.partial`);
    try {
      // manifest.json first, so that a reader finds it without reading the rest.
      // Node's own gzip compresses on libuv's thread pool, off the event loop (node-tar's gzip runs on it).
      await pipeline(
        tar.create({ cwd: work, portable: true }, ['manifest.json', 'database', 'uploads', ...(appSecret ? ['app-secret'] : [])]),
        createGzip(),
        createWriteStream(partial, { flags: 'wx', mode: 0o600 }),
      );
      for (let attempt = 1; ; attempt++) {
        const file = path.join(outputDir, `backup-${stamp}${attempt === 1 ? '' : `-${attempt}`}.tar.gz`);
        try {
          await moveNoClobber(partial, file);
          return { file, manifest };
        } catch (error) {
          if ((error as NodeJS.ErrnoException).code !== 'EEXIST' || attempt >= 100) throw error;
        }
      }
    } finally {
      await rm(partial, { force: true });
    }
  } finally {
    await releaseMarker();
    await rm(work, { recursive: true, force: true });
    await rmdir(path.dirname(work)).catch(() => undefined); // DATA_DIR/.backup, when no other backup runs
  }
}

// ---------------------------------------------------------------- restore

/** What is in a non-empty DATA_DIR: anything but backups/, the lock and empty folders. */
async function findContents(dir: string, top = true): Promise<string[]> {
  const found: string[] = [];
  const entries = await readdir(dir, { withFileTypes: true }).catch((error: NodeJS.ErrnoException) => {
    if (error.code === 'ENOENT') return [];
    throw error;
  });
  for (const entry of entries) {
    if (top && (entry.name === 'backups' || entry.name === 'db.lock')) continue;
    if (entry.isDirectory()) {
      if ((await findContents(path.join(dir, entry.name), false)).length > 0) found.push(entry.name);
    } else {
      found.push(entry.name);
    }
  }
  return found;
}

async function assertDataDirEmpty(dataDir: string): Promise<void> {
  const contents = await findContents(dataDir);
  if (contents.length > 0) {
    throw new BackupError(
      `${dataDir} is not empty (it holds ${contents.slice(0, 5).join(', ')}${contents.length > 5 ? ', …' : ''}); a restore never overwrites. ` +
        'Restore into a new, empty DATA_DIR, or move this one\'s contents away first.',
    );
  }
}

async function assertPostgresEmpty(databaseUrl: string): Promise<void> {
  const tables = await withPostgres(databaseUrl, async (client) => {
    const { rows } = await client.query<{ name: string }>(
      `select n.nspname || '.' || c.relname as name from pg_class c join pg_namespace n on n.oid = c.relnamespace
       where n.nspname not in ('pg_catalog', 'information_schema') and n.nspname not like 'pg\\_toast%' and n.nspname not like 'pg\\_temp%'
       order by c.relkind not in ('r', 'p'), 1 limit 6`,
    );
    return rows.map((row) => row.name);
  });
  if (tables.length > 0) {
    throw new BackupError(
      `The database ${describeDatabase(databaseUrl)} is not empty (it holds ${tables.slice(0, 5).join(', ')}${tables.length > 5 ? ', …' : ''}); ` +
        'a restore never overwrites. Create a new, empty database (createdb NAME), point DATABASE_URL at it and restore before starting the server on it.',
    );
  }
}

async function readManifest(work: string, file: string): Promise<BackupManifest> {
  let manifest: Partial<BackupManifest>;
  try {
    manifest = JSON.parse(await readFile(path.join(work, 'manifest.json'), 'utf8')) as Partial<BackupManifest>;
  } catch {
    throw new BackupError(`${file} is not a backup of the portal: it has no readable manifest.json.`);
  }
  if (manifest.format !== BACKUP_FORMAT || manifest.formatVersion !== 1 || !manifest.database) {
    throw new BackupError(`${file} is not a backup this version can read (format ${manifest.format} ${manifest.formatVersion}).`);
  }
  return manifest as BackupManifest;
}

async function readPgliteLevel(dbDir: string): Promise<DatabaseSnapshotInfo> {
  const client = new PGlite(dbDir, PGLITE_OPTIONS);
  try {
    await client.waitReady;
    const { rows } = await client.query<{ migrations: number; server_version: string }>(MIGRATION_LEVEL_SQL);
    return { migrations: rows[0]!.migrations, serverVersion: rows[0]!.server_version };
  } finally {
    await client.close();
  }
}

/**
 * Restores a backup into an empty DATA_DIR and, on PostgreSQL, an empty database; refuses anything else
 * before it writes a byte. Stop the server first (on the embedded database the restore holds DATA_DIR's lock).
 */
export async function restoreBackup({ file, dataDir: configuredDataDir, databaseUrl }: BackupTarget & { file: string }): Promise<{ manifest: BackupManifest }> {
  const dataDir = checkDataDir(configuredDataDir);
  const source = path.resolve(file);
  if (!existsSync(source)) throw new BackupError(`There is no file ${source}.`);
  await mkdir(dataDir, { recursive: true });

  let release = () => undefined as void;
  if (!databaseUrl) {
    try {
      release = acquireDataDirLock(dataDir);
    } catch (error) {
      if (error instanceof DatabaseLockedError) throw new BackupError(`${error.message} Stop the server before restoring.`);
      throw error;
    }
  }
  try {
    await assertDataDirEmpty(dataDir);
    if (databaseUrl) await assertPostgresEmpty(databaseUrl);

    const work = path.join(dataDir, `.restore-${randomBytes(4).toString('hex')}`);
    await mkdir(work);
    // What this restore put in DATA_DIR, taken away again if a later step fails (DATA_DIR was empty).
    const placed: string[] = [];
    try {
      try {
        await tar.extract({ file: source, cwd: work, strict: true });
      } catch (error) {
        throw new BackupError(`${source} cannot be read as a backup (.tar.gz): ${(error as Error).message}`);
      }
      const manifest = await readManifest(work, source);
      const engine = databaseUrl ? 'postgres' : 'pglite';
      if (manifest.engine !== engine) {
        throw new BackupError(
          manifest.engine === 'postgres'
            ? `${source} is a backup of a PostgreSQL database: set DATABASE_URL to a new, empty database to restore it.`
            : `${source} is a backup of the embedded database: unset DATABASE_URL to restore it into DATA_DIR.`,
        );
      }
      const known = getKnownMigrationCount();
      if (manifest.database.migrations > known) {
        throw new BackupError(
          `${source} was made by a newer version of the portal (${manifest.database.migrations} migrations, this one knows ${known}): restore it with that version or a newer one.`,
        );
      }

      if (databaseUrl) {
        await runPgTool('pg_restore', ['--exit-on-error', '--single-transaction', '--no-owner', '--no-privileges', path.join(work, POSTGRES_PATH)], databaseUrl);
        const level = await readPostgresLevel(databaseUrl);
        if (level.migrations !== manifest.database.migrations) {
          throw new BackupError(`The restored database has ${level.migrations} migrations where the backup recorded ${manifest.database.migrations}.`);
        }
      } else {
        const dbDir = path.join(dataDir, 'pglite');
        await rm(dbDir, { recursive: true, force: true }); // empty folders at most (checked above)
        await rename(path.join(work, PGLITE_PATH), dbDir);
        placed.push(dbDir);
        // Opening it once proves it readable and finishes its start-up before the server's first start.
        const level = await readPgliteLevel(dbDir);
        if (level.migrations !== manifest.database.migrations) {
          throw new BackupError(`The restored database has ${level.migrations} migrations where the backup recorded ${manifest.database.migrations}.`);
        }
      }
      const uploads = path.join(dataDir, 'uploads');
      await rm(uploads, { recursive: true, force: true }); // empty folders at most (checked above)
      await rename(path.join(work, 'uploads'), uploads);
      placed.push(uploads);
      if (manifest.appSecret) {
        const secret = path.join(dataDir, 'app-secret');
        await rename(path.join(work, 'app-secret'), secret);
        placed.push(secret);
        await chmod(secret, 0o600);
      }
      return { manifest };
    } catch (error) {
      for (const target of placed) await rm(target, { recursive: true, force: true });
      throw error;
    } finally {
      await rm(work, { recursive: true, force: true });
    }
  } finally {
    release();
  }
}
