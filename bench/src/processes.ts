import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

export const ROOT_DIR = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
/** BENCH_SERVER_MAIN: another build of the server to measure (an earlier one, for a before/after comparison). */
export const SERVER_MAIN = process.env.BENCH_SERVER_MAIN ?? path.join(ROOT_DIR, 'apps/server/dist/main.js');
/** The Node.js options `npm start` runs the server with (apps/server/node-args.json): the bench measures the same. */
const NODE_ARGS_FILE = JSON.parse(readFileSync(path.join(ROOT_DIR, 'apps/server/node-args.json'), 'utf8')) as {
  args: string[];
  env: Record<string, string>;
};
/** BENCH_SERVER_NODE_ARGS (space-separated; empty for none): other options to measure the server with, for a comparison. */
export const SERVER_NODE_ARGS: string[] =
  process.env.BENCH_SERVER_NODE_ARGS === undefined ? NODE_ARGS_FILE.args : process.env.BENCH_SERVER_NODE_ARGS.split(' ').filter(Boolean);
/** The environment defaults `npm start` gives the server (the same file), under the process's own environment. */
export const SERVER_NODE_ENV: Record<string, string> = NODE_ARGS_FILE.env;
export const WORKLOAD_MAIN = path.join(ROOT_DIR, 'apps/server/dist/db/workload/workload-main.js');
export const WORKLOAD_CHECK_MAIN = path.join(ROOT_DIR, 'apps/server/dist/db/workload/workload-check-main.js');
export const WEB_DIST_DIR = path.join(ROOT_DIR, 'apps/web/dist');

/** A free TCP port on loopback, asked from the kernel. */
export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const probe = createServer();
    probe.once('error', reject);
    probe.listen(0, '127.0.0.1', () => {
      const address = probe.address();
      probe.close(() => (typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port'))));
    });
  });
}

/** Resident and peak resident size of a process, in MiB, from /proc (Linux). */
export function readMemory(pid: number): { rssMiB: number; peakRssMiB: number } {
  const status = readFileSync(`/proc/${pid}/status`, 'utf8');
  const kib = (field: string) => Number(new RegExp(`^${field}:\\s+(\\d+) kB`, 'm').exec(status)?.[1] ?? Number.NaN);
  return { rssMiB: round(kib('VmRSS') / 1024, 1), peakRssMiB: round(kib('VmHWM') / 1024, 1) };
}

/**
 * CPU time a process has used so far (user + system), in ms, from /proc/<pid>/stat (Linux, 100 ticks/s); with
 * `thread`, that thread's only (/proc/<pid>/task/<thread>/stat; the main thread's id is the process id).
 */
export function readCpuMs(pid: number, thread?: number): number {
  const stat = readFileSync(thread === undefined ? `/proc/${pid}/stat` : `/proc/${pid}/task/${thread}/stat`, 'utf8');
  // Fields after the command name (which may hold spaces, so split after its closing parenthesis).
  const fields = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
  return (Number(fields[11]) + Number(fields[12])) * 10;
}

/**
 * Waits until a process is idle: its CPU time (with its children's, a WORKERS=N primary's workers) unchanged over
 * `quietPolls` polls in a row, `pollMs` apart (the clock ticks are 10 ms), at most `maxMs`. Answers the ms waited.
 * The defaults wait for the work a server starts after `listen` (the receivables' and the longest ledgers' warm-up,
 * decisions 075 and 076, which also wait for their database), so that a scenario measures the server as it runs, not
 * its start.
 */
export async function waitUntilIdle(pid: number, { pollMs = 50, quietPolls = 3, maxMs = 15_000 } = {}): Promise<number> {
  const started = performance.now();
  const cpuOf = () => [pid, ...childPids(pid)].reduce((sum, one) => sum + readCpuMs(one), 0);
  let last = cpuOf();
  let quiet = 0;
  while (quiet < quietPolls && performance.now() - started < maxMs) {
    await new Promise((resolve) => setTimeout(resolve, pollMs));
    const now = cpuOf();
    quiet = now === last ? quiet + 1 : 0;
    last = now;
  }
  return Math.round(performance.now() - started);
}

/** The ids of a process's children (Linux /proc): a server's OCR child, or the workers of a WORKERS=N primary. */
export function childPids(pid: number): number[] {
  try {
    return readFileSync(`/proc/${pid}/task/${pid}/children`, 'utf8').trim().split(/\s+/).filter(Boolean).map(Number);
  } catch {
    return [];
  }
}

/**
 * CPU time (ms) of a process and of its live descendants: a WORKERS=N server is a primary and N workers, and what
 * a request costs is spent in the workers. A descendant that exits in between takes its time with it.
 */
export function readTreeCpuMs(pid: number, { mainThreads = false }: { mainThreads?: boolean } = {}): number {
  let total: number;
  try {
    total = readCpuMs(pid, mainThreads ? pid : undefined);
  } catch {
    // The process has exited in between.
    return 0;
  }
  for (const child of childPids(pid)) total += readTreeCpuMs(child, { mainThreads });
  return total;
}

export function round(value: number, digits = 0): number {
  const factor = 10 ** digits;
  return Math.round(value * factor) / factor;
}

export interface RunningProcess {
  child: ChildProcess;
  baseUrl: string;
  /** Last lines of its output, for the error message when it dies. */
  output(): string;
  stop(): Promise<void>;
}

/**
 * Starts `node <script>` with the given environment and waits until `healthPath` answers 200.
 * The child is the measured process itself (no npm wrapper), so its pid is the one whose memory we read.
 */
export async function startNodeProcess(options: {
  script: string;
  /** Options for node itself, e.g. ['--import', 'tsx'] for a TypeScript script. */
  nodeArgs?: string[];
  args?: string[];
  env: Record<string, string | undefined>;
  port: number;
  healthPath: string;
  timeoutMs?: number;
}): Promise<RunningProcess> {
  const child = spawn(process.execPath, [...(options.nodeArgs ?? []), options.script, ...(options.args ?? [])], {
    cwd: ROOT_DIR,
    env: { ...SERVER_NODE_ENV, ...process.env, ...options.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let log = '';
  const keep = (chunk: Buffer) => {
    log = (log + chunk.toString()).slice(-4000);
  };
  child.stdout?.on('data', keep);
  child.stderr?.on('data', keep);
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const baseUrl = `http://127.0.0.1:${options.port}`;
  const deadline = Date.now() + (options.timeoutMs ?? 120_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${path.basename(options.script)} exited with ${child.exitCode}:\n${log}`);
    try {
      const response = await fetch(baseUrl + options.healthPath);
      if (response.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`${path.basename(options.script)} did not answer ${options.healthPath} in time:\n${log}`);
    }
    await new Promise((resolve) => setTimeout(resolve, 200));
  }
  return {
    child,
    baseUrl,
    output: () => log,
    async stop() {
      if (child.exitCode !== null) return;
      child.kill('SIGTERM');
      const timer = setTimeout(() => child.kill('SIGKILL'), 15_000);
      await exited;
      clearTimeout(timer);
    },
  };
}

/** Runs `node <script>` to completion and returns its stdout; a non-zero exit is an error with its stderr. */
export async function runNodeScript(script: string, env: Record<string, string | undefined>): Promise<string> {
  const child = spawn(process.execPath, [script], { cwd: ROOT_DIR, env: { ...process.env, ...env }, stdio: ['ignore', 'pipe', 'pipe'] });
  let stdout = '';
  let stderr = '';
  child.stdout.on('data', (chunk: Buffer) => (stdout += chunk.toString()));
  child.stderr.on('data', (chunk: Buffer) => {
    stderr = (stderr + chunk.toString()).slice(-4000);
    process.stderr.write(chunk);
  });
  const code = await new Promise<number | null>((resolve) => child.once('exit', resolve));
  if (code !== 0) throw new Error(`${path.basename(script)} exited with ${code}:\n${stderr}`);
  return stdout;
}
