/**
 * Reads the .cpuprofile files `node --cpu-prof` writes when a process exits and sums the samples of one time window
 * (the hot release, not the start-up): self time per function and per package, the busiest first.
 * The window is in microseconds of the monotonic clock (process.hrtime in the bench), the clock V8 stamps its
 * samples with on Linux.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { round } from './processes.js';

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

interface CpuProfile {
  nodes: ProfileNode[];
  startTime: number;
  samples: number[];
  timeDeltas: number[];
}

export interface ProfileSummary {
  /** Sampled time inside the window, all profiles together (idle excluded), ms. */
  busyMs: number;
  topFunctions: Array<{ name: string; ms: number; percent: number }>;
  packages: Array<{ name: string; ms: number; percent: number }>;
  /** Stretches of the thread's work with no idle sample between (the event loop never waited) of LONG_TASK_MS or more. */
  longTasks: { count: number; ms: number; longest: LongTask[] };
  lines: string[];
}

/** A stretch this long holds up every request that arrives meanwhile: it is what a read's p99 waits behind. */
export const LONG_TASK_MS = 50;

export interface LongTask {
  ms: number;
  /** Seconds after the window's start. */
  atS: number;
  /** Where its samples were, by the outermost frame of the server's own code or of a package (the work's cause). */
  causes: Array<{ name: string; percent: number }>;
}

const IDLE = new Set(['(idle)']);

/** 'drizzle-orm', 'pg', 'node:internal', 'app' or the frame's own name ('(garbage collector)'). */
function packageOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
  // The only WebAssembly the server runs is PGlite's PostgreSQL (sharp's libvips is native code).
  if (url.startsWith('wasm://')) return '@electric-sql/pglite (wasm)';
  const match = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(url);
  if (match) return match[1]!;
  if (url.includes('/packages/contract/')) return 'app (contract)';
  return 'app';
}

function labelOf(frame: ProfileNode['callFrame']): string {
  const where = frame.url === '' ? '' : ` ${frame.url.replace(/^.*node_modules\//, '').replace(/^.*\/apps\//, 'apps/').replace(/^file:\/\//, '')}:${frame.lineNumber + 1}`;
  return `${frame.functionName || '(anonymous)'}${where}`;
}

function top(map: Map<string, number>, busy: number, count: number) {
  return [...map.entries()]
    .sort((a, b) => b[1] - a[1])
    .slice(0, count)
    .map(([name, us]) => ({ name, ms: round(us / 1000, 1), percent: round((100 * us) / busy, 1) }));
}

export function summariseCpuProfiles(dir: string, window: { startUs: number; endUs: number }, count = 25): ProfileSummary {
  const byFunction = new Map<string, number>();
  const byPackage = new Map<string, number>();
  const longTasks: LongTask[] = [];
  let busy = 0;
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  const byFile: { name: string; us: number }[] = [];
  for (const file of files) {
    const busyBefore = busy;
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    const causeOf = causeFinder(profile.nodes);
    let task: { startUs: number; us: number; causes: Map<string, number> } | null = null;
    const endTask = () => {
      if (task && task.us >= LONG_TASK_MS * 1000) {
        const causes = [...task.causes.entries()].sort((x, y) => y[1] - x[1]).slice(0, 3);
        longTasks.push({
          ms: round(task.us / 1000, 1),
          atS: round((task.startUs - window.startUs) / 1e6, 1),
          causes: causes.map(([name, us]) => ({ name, percent: round((100 * us) / task!.us) })),
        });
      }
      task = null;
    };
    let at = profile.startTime;
    for (const [index, sample] of profile.samples.entries()) {
      const delta = profile.timeDeltas[index] ?? 0;
      at += delta;
      if (at < window.startUs || at > window.endUs) continue;
      const frame = frames.get(sample);
      if (!frame || IDLE.has(frame.functionName)) {
        endTask();
        continue;
      }
      // A sample stands for the time until the next one.
      const us = profile.timeDeltas[index + 1] ?? delta;
      busy += us;
      task ??= { startUs: at, us: 0, causes: new Map() };
      task.us += us;
      const cause = causeOf(sample);
      task.causes.set(cause, (task.causes.get(cause) ?? 0) + us);
      byFunction.set(labelOf(frame), (byFunction.get(labelOf(frame)) ?? 0) + us);
      byPackage.set(packageOf(frame), (byPackage.get(packageOf(frame)) ?? 0) + us);
    }
    endTask();
    byFile.push({ name: threadOf(file), us: busy - busyBefore });
  }
  const topFunctions = top(byFunction, busy, count);
  const packages = top(byPackage, busy, 15);
  const lines = [
    `profile (${files.length} file(s)): ${round(busy / 1000)} ms on the JavaScript thread(s) in the measured seconds (idle excluded)`,
    'by thread: ' + byFile.map((entry) => `${entry.name} ${round(entry.us / 1000)} ms`).join(', '),
    'by package: ' + packages.map((entry) => `${entry.name} ${entry.percent} %`).join(', '),
    'top functions by self time:',
    ...topFunctions.map((entry) => `  ${String(entry.percent).padStart(5)} %  ${String(entry.ms).padStart(7)} ms  ${entry.name}`),
  ];
  const longMs = round(longTasks.reduce((sum, task) => sum + task.ms, 0));
  const longest = longTasks.toSorted((x, y) => y.ms - x.ms).slice(0, 8);
  lines.push(
    `long tasks (${LONG_TASK_MS} ms or more of work with no idle sample between): ${longTasks.length}, ${longMs} ms in all; the longest:`,
    ...longest.map((task) => `  ${String(task.ms).padStart(7)} ms at ${task.atS} s: ${task.causes.map((cause) => `${cause.name} ${cause.percent} %`).join(', ')}`),
  );
  return { busyMs: round(busy / 1000, 1), topFunctions, packages, longTasks: { count: longTasks.length, ms: longMs, longest }, lines };
}

/** A profile's process and thread, from Node's file name `CPU.<date>.<time>.<pid>.<thread>.<sequence>.cpuprofile`. */
function threadOf(file: string): string {
  const [, , , pid, thread] = file.split('.');
  return pid === undefined || thread === undefined ? file : `pid ${pid} thread ${thread}`;
}

/**
 * A sample's cause: the outermost frame of its stack that is the server's own code or a package (not Node's
 * internals), or the sample's own frame when there is none: '(garbage collector)', or PGlite's query after an await.
 */
function causeFinder(nodes: readonly ProfileNode[]): (id: number) => string {
  const byId = new Map(nodes.map((node) => [node.id, node]));
  const parentOf = new Map<number, number>();
  for (const node of nodes) for (const child of node.children ?? []) parentOf.set(child, node.id);
  const known = new Map<number, string>();
  return (id) => {
    const cached = known.get(id);
    if (cached !== undefined) return cached;
    let cause = labelOf(byId.get(id)!.callFrame);
    for (let at: number | undefined = id; at !== undefined; at = parentOf.get(at)) {
      const frame = byId.get(at)!.callFrame;
      if (frame.url !== '' && !frame.url.startsWith('node:')) cause = labelOf(frame);
    }
    known.set(id, cause);
    return cause;
  };
}
