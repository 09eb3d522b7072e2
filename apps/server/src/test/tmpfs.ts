import { execFileSync } from 'node:child_process';
import { mkdtempSync, rmSync, statfsSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

// Test-only: a real small file system (tmpfs) to fill, for the full-disk tests (issue 16.12). Mounting needs
// root, which the test command has here (it installs Debian packages too); elsewhere those tests are
// skipped with a notice, except under CI=true, where they run and fail with the reason.

export interface Tmpfs {
  dir: string;
  /** Bytes still free for files. */
  free(): number;
  /** Writes a filler file so that only `leaveBytes` stay free. */
  fill(leaveBytes: number): void;
  /** Removes the filler. */
  unfill(): void;
  unmount(): void;
}

export function canMountTmpfs(): boolean {
  if (process.env.CI === 'true') return true;
  try {
    mountTmpfs(1_048_576).unmount();
    return true;
  } catch {
    console.warn('\n[vitest] NOTICE: cannot mount a tmpfs (not root?); the full-disk tests are SKIPPED.\n');
    return false;
  }
}

export function mountTmpfs(sizeBytes: number): Tmpfs {
  const dir = mkdtempSync(path.join(tmpdir(), 'portal-tmpfs-'));
  try {
    execFileSync('mount', ['-t', 'tmpfs', '-o', `size=${sizeBytes}`, 'tmpfs', dir], { stdio: 'pipe' });
  } catch (error) {
    rmSync(dir, { recursive: true, force: true });
    throw error;
  }
  const filler = path.join(dir, 'filler');
  const free = () => {
    const { bavail, bsize } = statfsSync(dir);
    return Number(bavail) * Number(bsize);
  };
  return {
    dir,
    free,
    fill(leaveBytes) {
      writeFileSync(filler, Buffer.alloc(Math.max(0, free() - leaveBytes)));
    },
    unfill() {
      rmSync(filler, { force: true });
    },
    unmount() {
      execFileSync('umount', ['-l', dir], { stdio: 'pipe' });
      rmSync(dir, { recursive: true, force: true });
    },
  };
}
