import { openDatabase, type DatabaseHandle } from '../database.js';
import { checkWorkloadInvariants } from './workload-invariants.js';

/**
 * The bench's end-of-run check (issue 20 point 1), run after the server it measured has stopped (the embedded
 * database is open in one process only):
 *
 *   DATA_DIR=/tmp/bench node apps/server/dist/db/workload/workload-check-main.js            (embedded PGlite)
 *   DATABASE_URL=postgres://... node apps/server/dist/db/workload/workload-check-main.js    (PostgreSQL)
 *
 * Writes one line of JSON to stdout: the counts of workload-invariants.ts (0 everywhere is the pass); exit code 1
 * when the database cannot be read.
 */
async function main(): Promise<void> {
  // The CLI entry is the only place reading the environment (STYLE habits).
  const databaseUrl = process.env.DATABASE_URL?.trim() || undefined;
  const dataDir = process.env.DATA_DIR?.trim() || undefined;
  if (!databaseUrl && !dataDir) {
    process.stderr.write('workload-check: set DATABASE_URL or DATA_DIR\n');
    process.exit(1);
  }
  let handle: DatabaseHandle | undefined;
  try {
    handle = await openDatabase({ databaseUrl, dataDir: dataDir ?? 'unused' });
    const invariants = await checkWorkloadInvariants({ db: handle.db });
    process.stdout.write(`${JSON.stringify(invariants)}\n`);
  } catch (error) {
    process.stderr.write(`workload-check: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    process.exitCode = 1;
  } finally {
    await handle?.close().catch(() => undefined);
  }
}

await main();
