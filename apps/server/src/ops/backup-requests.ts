import { readdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { BackupError } from './backup.errors.js';
import type { DatabaseSnapshotInfo } from './pglite-snapshot.js';

/**
 * How `npm run backup` gets a snapshot of the embedded database from the server that holds it (decision 019).
 * PGlite is one connection in one process, so the command cannot open the database while the server runs.
 * Instead it writes DATA_DIR/.backup/<id>/request; the server looks for requests every second, claims one by
 * renaming it to `taken`, copies its database into <id>/database/pglite between two statements
 * (pglite-snapshot.ts) and writes <id>/done.json, or <id>/failed.json with the reason. Nothing listens on the
 * network and no signal is sent: whoever may write DATA_DIR may already read the database.
 */

export const BACKUP_WORK_DIR = '.backup';
/** `20261125-063012-1a2b3c4d`: a UTC time and a random tail; the server takes nothing else from the folder. */
export const BACKUP_ID_PATTERN = /^\d{8}-\d{6}-[0-9a-f]{8}$/;

const POLL_MS = 100;

export function getBackupWorkDir(dataDir: string): string {
  return path.join(path.resolve(dataDir), BACKUP_WORK_DIR);
}

async function writeAtomically(file: string, content: string): Promise<void> {
  await writeFile(`${file}.tmp`, content);
  await rename(`${file}.tmp`, file);
}

/** Server side: answers snapshot requests while the embedded database is open (db/database.ts). */
export function startBackupResponder({
  dataDir,
  snapshot,
  intervalMs = 1_000,
}: {
  dataDir: string;
  snapshot: (target: string) => Promise<DatabaseSnapshotInfo>;
  intervalMs?: number;
}): { stop(): Promise<void> } {
  const workDir = getBackupWorkDir(dataDir);
  let busy: Promise<void> | undefined;

  const answerRequests = async () => {
    const ids = await readdir(workDir).catch(() => [] as string[]);
    for (const id of ids.filter((name) => BACKUP_ID_PATTERN.test(name))) {
      const dir = path.join(workDir, id);
      try {
        await rename(path.join(dir, 'request'), path.join(dir, 'taken'));
      } catch {
        continue; // no request there, or already taken
      }
      try {
        const info = await snapshot(path.join(dir, 'database', 'pglite'));
        await writeAtomically(path.join(dir, 'done.json'), JSON.stringify(info));
      } catch (error) {
        const message = error instanceof Error ? error.message : String(error);
        await writeAtomically(path.join(dir, 'failed.json'), JSON.stringify({ message })).catch(() => undefined);
      }
    }
  };

  const timer = setInterval(() => {
    busy ??= answerRequests().finally(() => {
      busy = undefined;
    });
  }, intervalMs);
  timer.unref();
  return {
    stop: async () => {
      clearInterval(timer);
      await busy;
    },
  };
}

async function readJson<T>(file: string): Promise<T | undefined> {
  try {
    return JSON.parse(await readFile(file, 'utf8')) as T;
  } catch (error) {
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return undefined;
    throw error;
  }
}

async function exists(file: string): Promise<boolean> {
  return readFile(file).then(
    () => true,
    () => false,
  );
}

/**
 * Command side: asks the server holding DATA_DIR (pid `holder`) for a snapshot into <workDir>/<id>/database/pglite
 * and waits for it. Fails when the server does not take the request within `takeTimeoutMs` (it is starting,
 * or an older version that does not answer), when it stops meanwhile, or when the copy fails.
 */
export async function requestPgliteSnapshot({
  dataDir,
  id,
  holder,
  isHolderAlive,
  takeTimeoutMs = 15_000,
  timeoutMs = 60 * 60_000,
}: {
  dataDir: string;
  id: string;
  holder: number;
  isHolderAlive: () => boolean;
  takeTimeoutMs?: number;
  timeoutMs?: number;
}): Promise<DatabaseSnapshotInfo> {
  const dir = path.join(getBackupWorkDir(dataDir), id);
  const request = path.join(dir, 'request');
  await writeFile(request, JSON.stringify({ pid: process.pid, at: new Date().toISOString() }));
  const started = Date.now();
  for (;;) {
    await new Promise((resolve) => setTimeout(resolve, POLL_MS));
    const done = await readJson<DatabaseSnapshotInfo>(path.join(dir, 'done.json'));
    if (done) return done;
    const failed = await readJson<{ message: string }>(path.join(dir, 'failed.json'));
    if (failed) throw new BackupError(`The server (pid ${holder}) could not copy its database: ${failed.message}`);
    const waited = Date.now() - started;
    if (waited > takeTimeoutMs && (await exists(request))) {
      await rm(request, { force: true });
      // Taken just before it was removed: the snapshot is under way, keep waiting.
      if (!(await exists(path.join(dir, 'taken')))) {
        throw new BackupError(
          `The server holding ${path.resolve(dataDir)} (pid ${holder}) did not answer the backup request within ${Math.round(takeTimeoutMs / 1000)} s. ` +
            'It may still be starting, or be a version without backups: try again, or stop it and run the backup again (it then opens the database itself).',
        );
      }
    }
    if (!isHolderAlive()) throw new BackupError(`The server (pid ${holder}) stopped during the backup; run the backup again.`);
    if (waited > timeoutMs) throw new BackupError(`The server (pid ${holder}) did not finish the database copy within ${Math.round(timeoutMs / 60_000)} minutes.`);
  }
}
