import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { buildApp } from './app.js';
import { ConfigError, loadConfig } from './config/config.js';
import { checkDataDir, DataDirError } from './config/data-dir.js';
import { DatabaseLockedError, openDatabase, type DatabaseHandle } from './db/database.js';
import { seedDatabase } from './db/seed/seed.js';
import { isDiskFull } from './lib/db-errors.js';

// src/main.ts and dist/main.js are both one level below apps/server; the SPA build is apps/web/dist.
const WEB_DIST_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../web/dist');

/** Before the logger exists (bad configuration, database unavailable): one line a person can act on. */
function fail(message: string): never {
  process.stderr.write(`fatal: ${message}\n`);
  process.exit(1);
}

function describeDatabaseError(error: unknown, databaseUrl: string | undefined): string {
  if (error instanceof DatabaseLockedError) return error.message;
  const code = (error as { code?: string }).code;
  if (databaseUrl && (code === 'ECONNREFUSED' || code === 'ENOTFOUND' || code === 'ETIMEDOUT' || code === 'EAI_AGAIN')) {
    const { host, port } = new URL(databaseUrl);
    return `cannot reach PostgreSQL at ${host}${port ? '' : ':5432'} (${code}); check DATABASE_URL, or unset it to use the embedded database`;
  }
  if (isDiskFull(error)) return 'cannot open the database: the disk holding it is full. Free some space and start again.';
  return `cannot open the database: ${describeError(error)}`;
}

/** PGlite's file system throws plain objects ({ name, errno }); String() of them said '[object Object]'. */
function describeError(error: unknown): string {
  if (error instanceof Error) return error.message;
  if (typeof error === 'object' && error !== null) {
    try {
      return JSON.stringify(error);
    } catch {
      return Object.prototype.toString.call(error);
    }
  }
  return String(error);
}

async function main(): Promise<void> {
  let config;
  try {
    // The only place that reads the environment (STYLE habits).
    config = loadConfig(process.env, { webDistDir: WEB_DIST_DIR });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message.replaceAll('\n', ' '));
    throw error;
  }

  try {
    checkDataDir(config.dataDir, { embedded: !config.databaseUrl });
  } catch (error) {
    if (error instanceof DataDirError) fail(error.message);
    throw error;
  }

  let database: DatabaseHandle;
  try {
    database = await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    fail(describeDatabaseError(error, config.databaseUrl));
  }

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, db: database.db, holdSweeper: {}, mailDispatcher: {} });
  } catch (error) {
    // e.g. REDIS_URL set but Redis unreachable: one line, and the database lock released.
    await database.close().catch(() => undefined);
    fail(error instanceof Error ? error.message : String(error));
  }
  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    try {
      await app.close();
    } finally {
      // Releases DATA_DIR/db.lock, so the next start does not find a stale lock.
      await database.close();
    }
    process.exit(0);
  };
  process.once('SIGINT', () => void shutdown('SIGINT'));
  process.once('SIGTERM', () => void shutdown('SIGTERM'));

  try {
    await seedDatabase({ db: database.db, config, logger: app.log });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    app.log.fatal({ err: error }, 'could not start');
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  app.log.info(`portal ready at ${config.publicUrl} (database: ${database.engine})`);
}

void main();
