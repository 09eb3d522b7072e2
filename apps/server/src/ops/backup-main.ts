import { statSync } from 'node:fs';
import path from 'node:path';
import { ConfigError, loadConfig } from '../config/config.js';
import { BackupError } from './backup.errors.js';
import { createBackup, restoreBackup } from './backup.js';

/**
 * `npm run backup [-- --out DIR]` and `npm run restore FILE` (scripts/ops.mjs runs this file from the build):
 * the same environment as the server (DATA_DIR, DATABASE_URL) says what to back up or restore into.
 * Relative paths on the command line are taken from where npm was run (INIT_CWD), not the project root.
 */

const USAGE = 'usage: npm run backup [-- --out DIR]   |   npm run restore FILE';

function fail(message: string): never {
  process.stderr.write(`${message}\n`);
  process.exit(1);
}

function megabytes(bytes: number): string {
  return `${(bytes / 1_048_576).toFixed(1)} MB`;
}

async function main(): Promise<void> {
  // The only place besides main.ts that reads the environment (STYLE habits).
  const env = process.env;
  let config;
  try {
    config = loadConfig(env);
  } catch (error) {
    if (error instanceof ConfigError) fail(error.message);
    throw error;
  }
  const callerDir = env.INIT_CWD || process.cwd();
  const [command, ...args] = process.argv.slice(2);
  const target = { dataDir: config.dataDir, databaseUrl: config.databaseUrl };

  if (command === 'backup') {
    let outDir: string | undefined;
    for (let index = 0; index < args.length; index++) {
      const arg = args[index]!;
      if (arg === '--out' && args[index + 1]) outDir = args[++index];
      else if (arg.startsWith('--out=')) outDir = arg.slice('--out='.length);
      else fail(`backup: unknown argument ${arg}\n${USAGE}`);
    }
    const { file, manifest } = await createBackup({
      ...target,
      outDir: outDir && path.resolve(callerDir, outDir),
      onSnapshotTaken: () => process.stdout.write('database and uploads taken; writing the file...\n'),
    });
    const size = statSync(file).size;
    process.stdout.write(
      `backup written: ${file} (${megabytes(size)}; ${manifest.engine} database at migration ${manifest.database.migrations}, ` +
        `${manifest.uploads.files} uploaded files)\n`,
    );
    return;
  }
  if (command === 'restore') {
    if (args.length !== 1 || args[0]!.startsWith('-')) fail(`restore: give one backup file\n${USAGE}`);
    const file = path.resolve(callerDir, args[0]!);
    const { manifest } = await restoreBackup({ ...target, file });
    const into = config.databaseUrl ? `the database ${new URL(config.databaseUrl).pathname.slice(1)} and ${path.resolve(config.dataDir)}` : path.resolve(config.dataDir);
    process.stdout.write(
      `restored ${file} (taken ${manifest.createdAt}, ${manifest.uploads.files} uploaded files) into ${into}; start the server with the same settings.\n`,
    );
    return;
  }
  fail(USAGE);
}

main().catch((error: unknown) => {
  if (error instanceof BackupError) fail(`${process.argv[2] ?? 'backup'}: ${error.message}`);
  fail(`${process.argv[2] ?? 'backup'} failed: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}`);
});
