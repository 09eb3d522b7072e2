import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import type { AvailableSectorResponse } from '@portal/contract/tickets';
import { createClient } from 'redis';
import { PNG_BYTES } from './uploads.js';

// Test-only: real server processes (apps/server/src/main.ts through tsx) for the two-process realtime test (issue 6)
// and the WORKERS test (issue 20), and what they do over real HTTP.

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
  /** The process started (with WORKERS > 1, the cluster's primary). */
  pid: number;
  /** What the process wrote to stderr (for failure messages). */
  stderr(): string;
  /** SIGTERM, then SIGKILL after 10 s; its exit code (null when killed). */
  stop(): Promise<number | null>;
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
  env = {},
  timeoutMs = 120_000,
}: {
  databaseUrl: string;
  redisUrl: string;
  /** More environment (WORKERS, say). */
  env?: Record<string, string>;
  timeoutMs?: number;
}): Promise<ServerProcess> {
  const dataDir = await mkdtemp(path.join(tmpdir(), 'portal-rt-'));
  const port = await freePort();
  const child = await spawnMain({
    tsconfigDir: dataDir,
    env: { PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, DATABASE_URL: databaseUrl, REDIS_URL: redisUrl, SEED_DEMO: '1', LOG_LEVEL: 'warn', ...env },
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
    return exited;
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
  return { baseUrl, pid: child.pid!, stderr: () => stderr, stop };
}

const KARACHI_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' });
/** A date `days` from today in Karachi (the portal's day), YYYY-MM-DD. */
export function daysFromToday(days: number): string {
  const [year, month, day] = KARACHI_DATE.format(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** POST /api/login over real HTTP; the token and user id. */
export async function loginOver(baseUrl: string, email: string, password: string): Promise<{ token: string; user_id: number }> {
  const response = await fetch(`${baseUrl}/api/login`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ email, password }),
  });
  if (response.status !== 200) throw new Error(`login ${email}: ${response.status} ${await response.text()}`);
  return ((await response.json()) as { success: { token: string; user_id: number } }).success;
}

/**
 * The add-booking form of one adult with a passport image, held (not confirmed), on PNR `pnr`. A passport number
 * is booked once per group (decision 025): give each booking of a group its own.
 */
export function oneSeatHoldForm(pnr: string, remarks: string, passportNo = 'AB1234567'): FormData {
  const form = new FormData();
  for (const [name, value] of Object.entries({ pnr, agent: '0', walking: '0', confirmed: '0', remarks })) form.append(name, value);
  form.append('type[]', 'adult');
  form.append('titles[]', 'Mr');
  form.append('firstname[]', 'Ali');
  form.append('lastname[]', 'Khan');
  form.append('dob[]', daysFromToday(-365 * 30));
  form.append('passport_no[]', passportNo);
  form.append('passport_expiry_date[]', daysFromToday(5 * 365));
  form.append('passport_img[]', new Blob([PNG_BYTES], { type: 'image/png' }), 'passport.png');
  return form;
}

/** The latest departure the demo agent is offered with a seat left: far from today, so no age or date rule gets in the way. */
export async function latestOpenTicket(baseUrl: string, token: string): Promise<{ pnr: string }> {
  const offered = (await (await fetch(`${baseUrl}/api/available-sector`, { headers: { authorization: `Bearer ${token}` } })).json()) as AvailableSectorResponse;
  const tickets = offered.tickets.flatMap((sector) => sector.tickets);
  const ticket = tickets.filter((item) => item.remaining >= 1).sort((x, y) => y.date.localeCompare(x.date))[0];
  if (!ticket) throw new Error(`no open group with a free seat in the demo data (${tickets.length} offered)`);
  return ticket;
}
