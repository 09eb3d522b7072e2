import cluster from 'node:cluster';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { pino } from 'pino';
import { buildApp } from './app.js';
import { runPrimary, workerIndex } from './cluster.js';
import { resolveAppSecret } from './config/app-secret.js';
import { ConfigError, loadConfig, type AppConfig } from './config/config.js';
import { checkDataDir, DataDirError } from './config/data-dir.js';
import { DatabaseLockedError, openDatabase, type DatabaseHandle } from './db/database.js';
import { seedDatabase } from './db/seed/seed.js';
import { isDiskFull } from './lib/db-errors.js';
import { warmReceivablesByAge } from './modules/insights/insights.usecases.js';
import { warmLedgers } from './modules/ledger/ledger.usecases.js';

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

/**
 * DATA_DIR checked, the database opened and migrated (openDatabase: under an advisory lock on PostgreSQL, so
 * processes starting together take turns and the later ones find nothing to do).
 */
async function openCheckedDatabase(config: AppConfig): Promise<DatabaseHandle> {
  try {
    checkDataDir(config.dataDir, { embedded: !config.databaseUrl });
  } catch (error) {
    if (error instanceof DataDirError) fail(error.message);
    throw error;
  }
  try {
    return await openDatabase({ databaseUrl: config.databaseUrl, dataDir: config.dataDir });
  } catch (error) {
    fail(describeDatabaseError(error, config.databaseUrl));
  }
}

/** One server process: the whole app on the port (a single process, or one worker of several). */
async function serve(config: AppConfig, { worker }: { worker: number | undefined }): Promise<void> {
  const database = await openCheckedDatabase(config);

  let app: Awaited<ReturnType<typeof buildApp>>;
  try {
    app = await buildApp({ config, db: database.db, holdSweeper: {}, mailDispatcher: {}, nameDeadlines: {}, deadlineReminders: {}, worker });
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
    // With several workers the primary seeded before forking them.
    if (worker === undefined) await seedDatabase({ db: database.db, config, logger: app.log });
    await app.listen({ host: config.host, port: config.port });
  } catch (error) {
    app.log.fatal({ err: error }, 'could not start');
    await app.close().catch(() => undefined);
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  if (worker === undefined) app.log.info(`portal ready at ${config.publicUrl} (database: ${database.engine})`);
  // The receivables report's one costly answer, computed now rather than for the first administrator (decision 054),
  // then the longest ledgers read, rather than by their agents' first answers (decision 076).
  void warmReceivablesByAge({ db: database.db }).then(() => warmLedgers({ db: database.db }));
}

/**
 * WORKERS > 1 (decision 033): what must happen once happens here before the workers are forked, so that none of
 * them races another for it: migrations, the first admin and the demo data, the app secret kept in DATA_DIR.
 */
async function servePrimary(config: AppConfig): Promise<void> {
  // The workers log through Fastify's pino; the primary, which has no Fastify, through the same library.
  const logger = pino({ level: config.logLevel });
  const database = await openCheckedDatabase(config);
  try {
    await seedDatabase({ db: database.db, config, logger });
    await resolveAppSecret(config);
  } catch (error) {
    logger.fatal({ err: error }, 'could not start');
    await database.close().catch(() => undefined);
    process.exit(1);
  }
  await database.close();
  runPrimary({
    workers: config.workers,
    logger,
    onListening: () => logger.info(`portal ready at ${config.publicUrl} with ${config.workers} workers (database: ${database.engine})`),
  });
}

async function main(): Promise<void> {
  let config: AppConfig;
  try {
    // The only place that reads the environment (STYLE habits).
    config = loadConfig(process.env, { webDistDir: WEB_DIST_DIR });
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message.replaceAll('\n', ' '));
    throw error;
  }
  if (config.workers > 1 && cluster.isPrimary) return servePrimary(config);
  return serve(config, { worker: workerIndex(process.env) });
}

void main();
