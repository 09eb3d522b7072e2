import { spawn, type ChildProcess } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { acquireDataDirLock, currentBootId, DatabaseLockedError, describeOwner, LOCK_FILE_NAME, parseLockOwner } from './data-dir-lock.js';
import { openDatabase } from './database.js';

// Issue 16.13: DATA_DIR/db.lock must tell a live server from a pid that now belongs to another process
// (after a reboot, in a new container). Another live process stands in for both: a real `sleep`.

let other: ChildProcess;
let dataDir: string;
const lockPath = () => path.join(dataDir, LOCK_FILE_NAME);

beforeAll(() => {
  other = spawn('sleep', ['120'], { stdio: 'ignore' });
});
afterAll(() => {
  other.kill();
});
afterEach(() => {
  rmSync(dataDir, { recursive: true, force: true });
});

function freshDir(): string {
  dataDir = mkdtempSync(path.join(os.tmpdir(), 'portal-lock-'));
  return dataDir;
}

describe('the embedded database lock', () => {
  it('refuses to start while the process that wrote the lock still runs, saying which', () => {
    freshDir();
    writeFileSync(lockPath(), JSON.stringify(describeOwner(other.pid!)));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DatabaseLockedError);
    expect(() => acquireDataDirLock(dataDir)).toThrow(`is in use by another server process (pid ${other.pid})`);
    // The live owner's lock is left as it was.
    expect(parseLockOwner(readFileSync(lockPath(), 'utf8'))?.pid).toBe(other.pid);
  });

  it('openDatabase refuses too, before opening anything', async () => {
    freshDir();
    writeFileSync(lockPath(), JSON.stringify(describeOwner(other.pid!)));
    await expect(openDatabase({ dataDir })).rejects.toThrow(DatabaseLockedError);
    expect(existsSync(path.join(dataDir, 'pglite'))).toBe(false);
  });

  it('takes over a lock whose pid now belongs to a process that started later (pid reused)', () => {
    freshDir();
    const owner = describeOwner(other.pid!);
    expect(owner.startTicks).toBeDefined();
    writeFileSync(lockPath(), JSON.stringify({ ...owner, startTicks: '1' }));
    const release = acquireDataDirLock(dataDir);
    expect(parseLockOwner(readFileSync(lockPath(), 'utf8'))).toEqual(describeOwner(process.pid));
    release();
    expect(existsSync(lockPath())).toBe(false);
  });

  it('takes over a lock written in an earlier boot, even if its pid runs now', () => {
    freshDir();
    expect(currentBootId()).toBeDefined();
    writeFileSync(lockPath(), JSON.stringify({ ...describeOwner(other.pid!), bootId: '00000000-0000-0000-0000-000000000000' }));
    acquireDataDirLock(dataDir)();
  });

  it('reads the old bare-pid locks: a live pid refuses, a dead one is taken over', async () => {
    freshDir();
    writeFileSync(lockPath(), String(other.pid));
    expect(() => acquireDataDirLock(dataDir)).toThrow(DatabaseLockedError);

    const ended = spawn('true');
    await new Promise((resolve) => ended.on('exit', resolve));
    writeFileSync(lockPath(), String(ended.pid));
    acquireDataDirLock(dataDir)();
  });

  it('release leaves alone a lock another process has taken over', () => {
    freshDir();
    const release = acquireDataDirLock(dataDir);
    // Another process judged our lock stale and took it over: our release must not delete its lock.
    writeFileSync(lockPath(), JSON.stringify(describeOwner(other.pid!)));
    release();
    expect(parseLockOwner(readFileSync(lockPath(), 'utf8'))?.pid).toBe(other.pid);
  });
});
