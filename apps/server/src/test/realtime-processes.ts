import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient } from 'redis';

// Test-only: real server processes (apps/server/src/main.ts through tsx) for the two-process realtime test (issue 6).

const REPO_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../../..');
const MAIN_TS = path.join(REPO_ROOT, 'apps/server/src/main.ts');
const CONTRACT_SRC = path.join(REPO_ROOT, 'packages/contract/src');

export function testRedisUrl(): string {
  return process.env.TEST_REDIS_URL || 'redis://127.0.0.1:6379';
}

/** PING within 3 s; the reason when Redis does not answer. */
export async function canReachRedis(url = testRedisUrl()): Promise<{ ok: true } | { ok: false; reason: string }> {
  const client = createClient({ url, socket: { connectTimeout: 3000, reconnectStrategy: false } });
  let failure: Error | undefined;
  client.on('error', (error: Error) => {
    failure = error;
  });
  try {
    await client.connect();
    await client.ping();
    return { ok: true };
  } catch (error) {
    const reason = (error as Error).message || failure?.message || String(error);
    return { ok: false, reason };
  } finally {
    if (client.isOpen) await client.quit().catch(() => undefined);
  }
}

async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

export interface ServerProcess {
  baseUrl: string;
  /** What the process wrote to stderr (for failure messages). */
  stderr(): string;
  stop(): Promise<void>;
}

/** `node --import tsx apps/server/src/main.ts` with only `env` (and PATH, HOME); stderr piped. */
async function spawnMain({ tsconfigDir, env }: { tsconfigDir: string; env: Record<string, string> }): Promise<ChildProcess> {
  const tsconfig = path.join(tsconfigDir, 'tsconfig.tsx.json');
  await writeFile(
    tsconfig,
    JSON.stringify({ compilerOptions: { baseUrl: REPO_ROOT, paths: { '@portal/contract/*': [`${CONTRACT_SRC}/*.ts`] } } }),
  );
  return spawn(process.execPath, ['--import', 'tsx', MAIN_TS], {
    cwd: REPO_ROOT,
    stdio: ['ignore', 'ignore', 'pipe'],
    env: { PATH: process.env.PATH, HOME: process.env.HOME, TSX_TSCONFIG_PATH: tsconfig, ...env },
  });
}

/**
 * Runs the server's main with `env` until it exits by itself (a start-up that must fail); its exit code and
 * stderr. Killed after `timeoutMs` (then code is null).
 */
export async function runMainToExit({ env, timeoutMs = 60_000 }: { env: Record<string, string>; timeoutMs?: number }): Promise<{ code: number | null; stderr: string }> {
  const scratch = await mkdtemp(path.join(tmpdir(), 'portal-main-'));
  try {
    const child = await spawnMain({ tsconfigDir: scratch, env: { HOST: '127.0.0.1', PORT: String(await freePort()), LOG_LEVEL: 'warn', ...env } });
    let stderr = '';
    child.stderr?.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs);
    const code = await new Promise<number | null>((resolve) => child.once('exit', (exitCode) => resolve(exitCode)));
    clearTimeout(timer);
    return { code, stderr };
  } finally {
    await rm(scratch, { recursive: true, force: true });
  }
}

/**
 * Starts `node --import tsx apps/server/src/main.ts` with its own PORT and DATA_DIR. The contract's package
 * exports point at its build (dist), which tests do not need: a temporary tsconfig maps `@portal/contract/*`
 * to its sources for tsx (TSX_TSCONFIG_PATH). Resolves once GET /api/health answers 200.
 */
export async function startServerProcess({
  databaseUrl,
  redisUrl,
  timeoutMs = 120_000,
}: {
  databaseUrl: string;
  redisUrl: string;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-rt-'));
  const port = await freePort();
  const child = await spawnMain({
    tsconfigDir: dataDir,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, SEED_DEMO: '1', LOG_LEVEL: 'warn' },
  });
  let stderr = '';
  child.stderr?.on('data', (chunk: Buffer) => {
    stderr += chunk.toString();
  });
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  let hasExited = false;
  void exited.then(() => {
    hasExited = true;
  });

  const stop = async () => {
    if (!hasExited) {
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(timer);
    }
    await rm(dataDir, { recursive: true, force: true });
  };

  const baseUrl = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (hasExited) {
      await stop();
      throw new Error(`server process exited before it was ready:\n${stderr}`);
    }
    try {
      const response = await fetch(`${baseUrl}/api/health`);
      if (response.ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stop();
      throw new Error(`server process not ready within ${timeoutMs} ms:\n${stderr}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 250));
  }
  return { baseUrl, stderr: () => stderr, stop };
}
