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
  lines: string[];
}

const IDLE = new Set(['(idle)']);

/** 'drizzle-orm', 'pg', 'node:internal', 'app' or the frame's own name ('(garbage collector)'). */
function packageOf(frame: ProfileNode['callFrame']): string {
  const { url, functionName } = frame;
  if (url === '') return functionName.startsWith('(') ? functionName : '(native)';
  if (url.startsWith('node:')) return 'node:internal';
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
  let busy = 0;
  const files = readdirSync(dir).filter((name) => name.endsWith('.cpuprofile'));
  for (const file of files) {
    const profile = JSON.parse(readFileSync(path.join(dir, file), 'utf8')) as CpuProfile;
    const frames = new Map(profile.nodes.map((node) => [node.id, node.callFrame]));
    let at = profile.startTime;
    for (const [index, sample] of profile.samples.entries()) {
      const delta = profile.timeDeltas[index] ?? 0;
      at += delta;
      if (at < window.startUs || at > window.endUs) continue;
      const frame = frames.get(sample);
      if (!frame || IDLE.has(frame.functionName)) continue;
      // A sample stands for the time until the next one.
      const us = profile.timeDeltas[index + 1] ?? delta;
      busy += us;
      byFunction.set(labelOf(frame), (byFunction.get(labelOf(frame)) ?? 0) + us);
      byPackage.set(packageOf(frame), (byPackage.get(packageOf(frame)) ?? 0) + us);
    }
  }
  const topFunctions = top(byFunction, busy, count);
  const packages = top(byPackage, busy, 15);
  const lines = [
    `profile (${files.length} file(s)): ${round(busy / 1000)} ms on the JavaScript thread(s) in the measured seconds (idle excluded)`,
    'by package: ' + packages.map((entry) => `${entry.name} ${entry.percent} %`).join(', '),
    'top functions by self time:',
    ...topFunctions.map((entry) => `  ${String(entry.percent).padStart(5)} %  ${String(entry.ms).padStart(7)} ms  ${entry.name}`),
  ];
  return { busyMs: round(busy / 1000, 1), topFunctions, packages, lines };
}
