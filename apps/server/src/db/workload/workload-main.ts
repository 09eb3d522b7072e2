import path from 'node:path';
import { openDatabase, type DatabaseHandle } from '../database.js';
import { generateWorkload, WorkloadDatabaseNotEmptyError } from './generate-workload.js';

/**
 * The benchmark's data generator (issue 8), run by the bench runner after `tsc -b apps/server`:
 *
 *   DATA_DIR=/tmp/bench node apps/server/dist/db/workload/workload-main.js            (embedded PGlite)
 *   DATABASE_URL=postgres://... node apps/server/dist/db/workload/workload-main.js    (an empty PostgreSQL database)
 *
 * Optional WORKLOAD_SCALE (default 1) and WORKLOAD_SEED. Writes exactly one line of JSON to stdout (the
 * counts, the timing and the engine); progress and errors go to stderr; exit code 1 on any failure.
 */

function fail(message: string): never {
  process.stderr.write(`workload: ${message}\n`);
  process.exit(1);
}

function readNumber(name: string, value: string | undefined, fallback: number | undefined): number | undefined {
  if (value === undefined || value.trim() === '') return fallback;
  const parsed = Number(value);
  if (!Number.isFinite(parsed)) fail(`${name} must be a number, not "${value}"`);
  return parsed;
}

async function main(): Promise<void> {
  // The CLI entry is the only place reading the environment (STYLE habits).
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = process.env.DATA_DIR?.trim() || undefined;
  const scale = readNumber('WORKLOAD_SCALE', process.env.WORKLOAD_SCALE, 1)!;
  const seed = readNumber('WORKLOAD_SEED', process.env.WORKLOAD_SEED, undefined);
  if (!(scale > 0)) fail(`WORKLOAD_SCALE must be above 0, not ${scale}`);
  if (seed !== undefined && !Number.isInteger(seed)) fail(`WORKLOAD_SEED must be an integer, not ${seed}`);
  if (!databaseUrl && !dataDir) fail('set DATABASE_URL (an empty PostgreSQL database) or DATA_DIR (the embedded database directory)');

  let handle: DatabaseHandle;
  try {
    // dataDir is unused with DATABASE_URL.
    handle = await openDatabase({ databaseUrl, dataDir: dataDir ?? 'unused' });
  } catch (error) {
    fail(`cannot open the database: ${error instanceof Error ? error.message : String(error)}`);
  }

  try {
    const result = await generateWorkload({
      db: handle.db,
      now: new Date(),
      seed,
      scale,
      // The server serves stored files from DATA_DIR/uploads, whichever engine holds the rows.
      uploadsDir: dataDir ? path.join(dataDir, 'uploads') : undefined,
      onProgress: (message) => process.stderr.write(`workload: ${message}\n`),
    });
    await handle.close();
    process.stdout.write(`${JSON.stringify({ ...result, engine: handle.engine })}\n`);
  } catch (error) {
    await handle.close().catch(() => undefined);
    if (error instanceof WorkloadDatabaseNotEmptyError) fail(error.message);
    fail(error instanceof Error ? (error.stack ?? error.message) : String(error));
  }
}

await main();
