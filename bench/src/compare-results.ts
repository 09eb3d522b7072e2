/**
 * Issue 20 point 6: every bench run compares itself with the previous result file of the same kind and prints
 * the figures that got more than 20 % worse. Run by main.ts after it writes its file; also on its own:
 *
 *   npx tsx bench/src/compare-results.ts bench/results/<new>.json [bench/results/<old>.json]
 *
 * Without the second file the newest earlier file of the same kind in the same folder is taken.
 */
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { isDeepStrictEqual } from 'node:util';

export const REGRESSION_THRESHOLD = 0.2;

/** Which way a figure gets worse. */
export type Worse = 'higher' | 'lower';

export interface Metric {
  /** Where the figure sits in the result file, labelled by engine, route and step rather than array index. */
  name: string;
  value: number;
  worse: Worse;
}

export interface Regression {
  name: string;
  previous: number;
  current: number;
  worse: Worse;
  /** Relative change in the bad direction (0.25 is 25 % worse); Infinity when the previous value was 0. */
  change: number;
}

export interface Comparison {
  /** Figures found in both files. */
  compared: number;
  regressions: Regression[];
}

/**
 * The direction of a figure, from its property name (the result files' naming habit: a unit suffix on
 * latencies and sizes). Figures matching neither list are not compared: counts of the workload, the seats of
 * the contention group, and the CPU share of a fixed-length load (more throughput takes more CPU, which is
 * not worse; the CPU per request is compared).
 */
const HIGHER_IS_WORSE = [/Ms$/, /Bytes$/, /MiB$/, /PerRequest$/, /^cpuRatio$/, /^cls$/, /^errors$/, /^non2xx$/, /^oversold/, /Mismatches$/];
const LOWER_IS_WORSE = [/^requestsPerSecond$/, /^ratio$/, /^successes$/, /^performance$/, /^accessibility$/, /^bestPractices$/, /^seo$/];
/**
 * Run details and raw material, not figures: the machine, the options, the budget table (its figures are in the body),
 * Lighthouse's single runs and audits, file lists, and the mixed run's slowest bookings (examples with their time since
 * the start, which differ from run to run whatever the code; their figures are in the phases and percentiles).
 */
const SKIPPED_KEYS = new Set(['machine', 'options', 'budgets', 'runs', 'files', 'accessibilityFailures', 'performanceOpportunities', 'warnings', 'counts', 'slowest']);
/** Left out of the names: each engine's figures read "postgres > reads > ...". */
const UNNAMED_KEYS = new Set(['engines']);

function directionOf(key: string): Worse | undefined {
  if (HIGHER_IS_WORSE.some((pattern) => pattern.test(key))) return 'higher';
  if (LOWER_IS_WORSE.some((pattern) => pattern.test(key))) return 'lower';
  return undefined;
}

/** An array element's label: its engine, name, route, or Lighthouse page and preset; its index otherwise. */
function labelOf(element: unknown, index: number): string {
  if (typeof element !== 'object' || element === null) return String(index);
  const record = element as Record<string, unknown>;
  if (typeof record.path === 'string' && typeof record.preset === 'string') return `${record.path} ${record.preset}`;
  for (const key of ['engine', 'name', 'route', 'path']) {
    if (typeof record[key] === 'string') return record[key];
  }
  return String(index);
}

/** Every comparable figure of a result file (main.ts writes them), named by its place in the file. */
export function extractMetrics(result: unknown): Metric[] {
  const metrics: Metric[] = [];
  const walk = (node: unknown, trail: string[]) => {
    if (Array.isArray(node)) {
      node.forEach((element, index) => walk(element, [...trail, labelOf(element, index)]));
      return;
    }
    if (typeof node !== 'object' || node === null) return;
    for (const [key, value] of Object.entries(node)) {
      if (SKIPPED_KEYS.has(key)) continue;
      if (typeof value === 'number') {
        const worse = directionOf(key);
        if (worse && Number.isFinite(value)) metrics.push({ name: [...trail, key].join(' > '), value, worse });
      } else {
        walk(value, UNNAMED_KEYS.has(key) ? trail : [...trail, key]);
      }
    }
  };
  walk(result, []);
  return metrics;
}

/** The figures of `current` more than `threshold` worse than the same figures of `previous`, worst first. */
export function compareResults(previous: unknown, current: unknown, threshold = REGRESSION_THRESHOLD): Comparison {
  const before = new Map(extractMetrics(previous).map((metric) => [metric.name, metric.value]));
  const regressions: Regression[] = [];
  let compared = 0;
  for (const metric of extractMetrics(current)) {
    const old = before.get(metric.name);
    if (old === undefined) continue;
    compared += 1;
    const delta = metric.worse === 'higher' ? metric.value - old : old - metric.value;
    if (delta <= 0) continue;
    const change = old === 0 ? Infinity : delta / Math.abs(old);
    if (change > threshold) regressions.push({ name: metric.name, previous: old, current: metric.value, worse: metric.worse, change });
  }
  regressions.sort((a, b) => b.change - a.change);
  return { compared, regressions };
}

/** The lines the bench prints under its table. */
export function formatComparison(comparison: Comparison, previousFile: string, threshold = REGRESSION_THRESHOLD): string {
  const percent = Math.round(threshold * 100);
  const lines = [`\n== compared with ${previousFile} (${comparison.compared} figures in both)`];
  if (comparison.regressions.length === 0) {
    lines.push(`No regression over ${percent} %`);
    return lines.join('\n');
  }
  lines.push(`Regressions over ${percent} %:`);
  for (const regression of comparison.regressions) {
    // The signed change of the value itself: +55 % on a latency, -25 % on a throughput.
    const sign = regression.worse === 'higher' ? '+' : '-';
    const change = Number.isFinite(regression.change) ? `${sign}${Math.round(regression.change * 100)} %` : 'was 0';
    lines.push(`  ${regression.name}: ${regression.previous} -> ${regression.current} (${change}, ${regression.worse} is worse)`);
  }
  return lines.join('\n');
}

/**
 * The newest file of `dir` written before `currentFile` (names are UTC timestamps, so they sort by time) whose
 * run had the same options: a run at another scale, duration or set of engines is not comparable.
 */
export function findPreviousResult(dir: string, currentFile: string, currentOptions: unknown): string | undefined {
  const currentName = path.basename(currentFile);
  const earlier = readdirSync(dir)
    .filter((name) => name.endsWith('.json') && name < currentName)
    .sort()
    .reverse();
  for (const name of earlier) {
    const file = path.join(dir, name);
    try {
      const { options } = JSON.parse(readFileSync(file, 'utf8')) as { options?: unknown };
      if (isDeepStrictEqual(options, currentOptions)) return file;
    } catch {
      // A file cut short by an interrupted run: not a result.
    }
  }
  return undefined;
}

/** Compares `currentFile` with `previousFile`, or with the previous result of the same kind; the text to print. */
export function compareWithPrevious(currentFile: string, previousFile?: string): string {
  const current = JSON.parse(readFileSync(currentFile, 'utf8')) as { options?: unknown };
  const previous = previousFile ?? findPreviousResult(path.dirname(currentFile), currentFile, current.options);
  if (!previous) return `\n== no earlier result with the same options in ${path.dirname(currentFile)}: nothing to compare with`;
  const comparison = compareResults(JSON.parse(readFileSync(previous, 'utf8')), current);
  return formatComparison(comparison, path.relative(process.cwd(), previous) || previous);
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  const [currentFile, previousFile] = process.argv.slice(2);
  if (!currentFile) {
    process.stderr.write('usage: npx tsx bench/src/compare-results.ts <result.json> [previous.json]\n');
    process.exit(2);
  }
  process.stdout.write(`${compareWithPrevious(currentFile, previousFile)}\n`);
}
