import { closeSync, mkdirSync, openSync, readFileSync, renameSync, rmSync, writeSync } from 'node:fs';
import path from 'node:path';

export class DatabaseLockedError extends Error {}

/**
 * Who holds DATA_DIR/db.lock: the pid, and what tells that process from a later one given the same pid: the
 * boot it ran in and its start time since that boot (Linux /proc; both undefined elsewhere). Locks written
 * before issue 16.13 hold the bare pid.
 */
export interface LockOwner {
  pid: number;
  bootId?: string | undefined;
  startTicks?: string | undefined;
}

export const LOCK_FILE_NAME = 'db.lock';

function readText(file: string): string | undefined {
  try {
    return readFileSync(file, 'utf8');
  } catch {
    return undefined;
  }
}

/** This boot's id (Linux): a lock written in an earlier boot is stale whatever its pid is now. */
export function currentBootId(): string | undefined {
  return readText('/proc/sys/kernel/random/boot_id')?.trim() || undefined;
}

/**
 * A process's start time in clock ticks since boot, field 22 of /proc/<pid>/stat (Linux). The command name,
 * field 2, is in parentheses and may hold spaces or ')', so the fields are counted after its last ')'.
 */
export function processStartTicks(pid: number): string | undefined {
  const stat = readText(`/proc/${pid}/stat`);
  if (!stat) return undefined;
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  // After the name: state is field 3, so field 22 is at index 22 - 3.
  return fields[19];
}

export function describeOwner(pid: number): LockOwner {
  return { pid, bootId: currentBootId(), startTicks: processStartTicks(pid) };
}

export function parseLockOwner(text: string): LockOwner | undefined {
  const trimmed = text.trim();
  if (/^\d+$/.test(trimmed)) return { pid: Number(trimmed) };
  try {
    const value = JSON.parse(trimmed) as Partial<LockOwner>;
    if (!Number.isInteger(value.pid)) return undefined;
    return { pid: value.pid!, bootId: value.bootId ?? undefined, startTicks: value.startTicks ?? undefined };
  } catch {
    return undefined;
  }
}

function pidExists(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (error) {
    return (error as NodeJS.ErrnoException).code === 'EPERM';
  }
}

/**
 * Whether the process that wrote the lock still runs (issue 16.13). A pid alone is not enough: after a
 * reboot or in a new container the same pid belongs to another process and the portal would never start
 * again. The lock is live only if the pid exists, in the same boot, and started at the recorded time. Where
 * /proc gives neither (not Linux, or a lock in the old format) the pid's existence decides, as before.
 */
export function isLockLive(owner: LockOwner): boolean {
  if (owner.pid <= 0 || !pidExists(owner.pid)) return false;
  const bootId = currentBootId();
  if (owner.bootId && bootId && owner.bootId !== bootId) return false;
  if (owner.startTicks) {
    const startTicks = processStartTicks(owner.pid);
    if (startTicks && startTicks !== owner.startTicks) return false;
  }
  return true;
}

/**
 * PGlite takes no lock on its directory and two processes on it would corrupt it, so the server holds
 * DATA_DIR/db.lock while it runs. The lock is created exclusively (O_EXCL); a lock whose owner is gone (see
 * isLockLive) is taken over. Returns the release function.
 */
export function acquireDataDirLock(dataDir: string): () => void {
  mkdirSync(dataDir, { recursive: true });
  const lockPath = path.join(dataDir, LOCK_FILE_NAME);
  const me = JSON.stringify(describeOwner(process.pid));
  for (let attempt = 0; attempt < 3; attempt++) {
    try {
      const fd = openSync(lockPath, 'wx');
      try {
        writeSync(fd, me);
      } finally {
        closeSync(fd);
      }
      return () => {
        // Only our own lock: a process that took over a lock it judged stale must keep it.
        if (readText(lockPath) === me) rmSync(lockPath, { force: true });
      };
    } catch (error) {
      if ((error as NodeJS.ErrnoException).code !== 'EEXIST') throw error;
      // An empty or unreadable lock (a process died between creating and writing it) is stale.
      const owner = parseLockOwner(readText(lockPath) ?? '');
      if (owner && owner.pid !== process.pid && isLockLive(owner)) {
        throw new DatabaseLockedError(
          `The embedded database in ${path.resolve(dataDir)} is in use by another server process (pid ${owner.pid}). ` +
            'Stop that process first, or give this one another DATA_DIR, or set DATABASE_URL to share a PostgreSQL server.',
        );
      }
      // A stale lock (its process ended, or the pid now belongs to another process): move it aside and retry,
      // so two processes taking over at once cannot both succeed (only one creates the new file).
      try {
        renameSync(lockPath, `${lockPath}.stale-${process.pid}`);
        rmSync(`${lockPath}.stale-${process.pid}`, { force: true });
      } catch {
        // Another process moved it first; the next attempt sees its new lock.
      }
    }
  }
  throw new DatabaseLockedError(`Could not take the lock ${lockPath}`);
}

/** The pid holding DATA_DIR/db.lock when that process still runs (isLockLive); undefined when unlocked or stale. */
export function readLiveLockHolder(dataDir: string): number | undefined {
  const text = readText(path.join(dataDir, LOCK_FILE_NAME));
  if (text === undefined) return undefined;
  const owner = parseLockOwner(text);
  return owner && isLockLive(owner) ? owner.pid : undefined;
}
