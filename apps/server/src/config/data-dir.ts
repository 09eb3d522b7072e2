import { accessSync, constants, mkdirSync, statfsSync, statSync } from 'node:fs';
import path from 'node:path';

/** DATA_DIR cannot be used; the message says what to do (main.ts prints it as the one fatal line). */
export class DataDirError extends Error {}

const MB = 1_048_576;
/** Free space below which the server does not start: the embedded database needs room to start and write. */
export const MIN_FREE_BYTES = { embedded: 64 * MB, external: 16 * MB } as const;

/**
 * Checked before the database opens (issue 16.12): DATA_DIR is a directory this user can write, and its disk
 * has room. Without this a full disk surfaced as 'cannot open the database: [object Object]' (PGlite's file
 * system error) and a DATA_DIR that is a file as a bare EEXIST.
 */
export function checkDataDir(dataDir: string, { embedded }: { embedded: boolean }): void {
  if (dataDir === 'memory://') return;
  const absolute = path.resolve(dataDir);
  const stats = statOrUndefined(absolute);
  if (stats && !stats.isDirectory()) {
    throw new DataDirError(`DATA_DIR ${absolute} is a file, not a directory; set DATA_DIR to a directory (it is created when missing).`);
  }
  try {
    mkdirSync(absolute, { recursive: true });
    accessSync(absolute, constants.W_OK);
  } catch (error) {
    const code = (error as NodeJS.ErrnoException).code;
    if (code === 'ENOTDIR' || code === 'EEXIST') throw new DataDirError(`DATA_DIR ${absolute} cannot be created: a part of its path is a file.`);
    if (code === 'EACCES' || code === 'EPERM' || code === 'EROFS') {
      throw new DataDirError(`DATA_DIR ${absolute} is not writable by this user (${code}); give it a directory it can write.`);
    }
    if (code === 'ENOSPC') throw new DataDirError(diskFullMessage(absolute, 0, embedded));
    throw error;
  }
  const { bavail, bsize } = statfsSync(absolute);
  const free = Number(bavail) * Number(bsize);
  if (free < (embedded ? MIN_FREE_BYTES.embedded : MIN_FREE_BYTES.external)) throw new DataDirError(diskFullMessage(absolute, free, embedded));
}

function diskFullMessage(absolute: string, free: number, embedded: boolean): string {
  const needed = embedded ? MIN_FREE_BYTES.embedded : MIN_FREE_BYTES.external;
  return (
    `the disk holding DATA_DIR ${absolute} is full (${(free / MB).toFixed(1)} MB free); ` +
    `the server needs at least ${needed / MB} MB free to start${embedded ? ' with the embedded database' : ''}. Free some space and start again.`
  );
}

function statOrUndefined(file: string) {
  try {
    return statSync(file);
  } catch {
    return undefined;
  }
}
