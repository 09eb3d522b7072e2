/**
 * Front-end half of the bench (issue 8), for iterating on the web app alone:
 *
 *   npx tsx bench/src/frontend-main.ts [baseUrl] [--runs=N]
 *
 * It builds nothing and starts nothing. Sizes come from apps/web/dist as it is now; Lighthouse
 * runs against a server you started yourself (default http://localhost:8191: the server builds upload URLs from PUBLIC_URL, which defaults
 * to localhost, and the CSP blocks them as cross-origin images when the page is on 127.0.0.1), e.g.
 *
 *   cd /work/main && node scripts/build.mjs && \
 *     PORT=8191 DATA_DIR=/tmp/fe-bench-data LOG_LEVEL=warn node apps/server/dist/main.js
 *
 * which seeds demo data on first start. After changing the web app, `npx vite build` in apps/web is
 * enough: the server serves apps/web/dist from disk.
 */
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { checkInitialJsBudgets, measureInitialAssets, type RouteAssets } from './frontend-size.js';
import { runLighthouse, type LighthouseResult } from './lighthouse.js';

const WEB_DIST = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../apps/web/dist');

/** Issue 8's Lighthouse budgets, by preset. */
const LIGHTHOUSE_BUDGETS = { desktop: { performance: 95 }, mobile: { performance: 90 }, accessibility: 95 };

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (value: number | null) => (value === null ? '-' : `${Math.round(value)} ms`);
const score = (value: number | null) => (value === null ? '-' : String(value));

function table(header: string[], rows: string[][]): string {
  const widths = header.map((cell, i) => Math.max(cell.length, ...rows.map((row) => (row[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((cell, i) => cell.padEnd(widths[i] ?? 0)).join('  ');
  return [line(header), line(widths.map((width) => '-'.repeat(width))), ...rows.map(line)].join('\n');
}

function printSizes(assets: RouteAssets[]): void {
  const rows = assets.map(({ route, js, css }) => [
    route,
    String(js.files.length),
    kb(js.rawBytes),
    kb(js.gzipBytes),
    String(css.files.length),
    kb(css.rawBytes),
    kb(css.gzipBytes),
  ]);
  console.log('Initial assets (Vite manifest, gzip -9)\n');
  console.log(table(['route', 'js files', 'js raw', 'js gzip', 'css files', 'css raw', 'css gzip'], rows));
  console.log('');
  for (const check of checkInitialJsBudgets(assets)) {
    console.log(`${check.ok ? 'ok  ' : 'FAIL'} ${check.name}: ${kb(check.actual)} (budget ${kb(check.budget)})`);
  }
}

function printLighthouse(results: LighthouseResult[]): void {
  const rows = results.map(({ path: route, preset, scores, metrics }) => [
    route,
    preset,
    score(scores.performance),
    score(scores.accessibility),
    score(scores.bestPractices),
    score(scores.seo),
    ms(metrics.fcpMs),
    ms(metrics.lcpMs),
    ms(metrics.tbtMs),
    metrics.cls === null ? '-' : metrics.cls.toFixed(3),
    ms(metrics.speedIndexMs),
  ]);
  console.log(`\nLighthouse (median of ${results[0]?.runs.length ?? 0} runs)\n`);
  console.log(table(['path', 'preset', 'perf', 'a11y', 'bp', 'seo', 'FCP', 'LCP', 'TBT', 'CLS', 'SI'], rows));
  console.log('');
  for (const { path: route, preset, scores, runs } of results) {
    const perfBudget = LIGHTHOUSE_BUDGETS[preset].performance;
    const failed = [
      scores.performance === null || scores.performance < perfBudget ? `performance < ${perfBudget}` : null,
      scores.accessibility === null || scores.accessibility < LIGHTHOUSE_BUDGETS.accessibility
        ? `accessibility < ${LIGHTHOUSE_BUDGETS.accessibility}`
        : null,
    ].filter((item): item is string => item !== null);
    console.log(`${failed.length === 0 ? 'ok  ' : 'FAIL'} ${route} ${preset}${failed.length ? `: ${failed.join(', ')}` : ''}`);
    // The explanations of every run, deduplicated: an audit that fails once is worth a look.
    const a11y = new Map(runs.flatMap((run) => run.accessibilityFailures).map((audit) => [audit.id, audit]));
    const perf = new Map(runs.flatMap((run) => run.performanceOpportunities).map((audit) => [audit.id, audit]));
    for (const audit of a11y.values()) console.log(`       a11y: ${audit.id} (${audit.title})`);
    for (const audit of perf.values()) {
      console.log(`       perf: ${audit.id} (${audit.title})${audit.displayValue ? ` ${audit.displayValue}` : ''}`);
    }
    for (const warning of new Set(runs.flatMap((run) => run.warnings))) console.log(`       warning: ${warning}`);
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const baseUrl = args.find((arg) => !arg.startsWith('--')) ?? 'http://localhost:8191';
  const runsArg = args.find((arg) => arg.startsWith('--runs='));
  const runs = runsArg ? Number(runsArg.slice('--runs='.length)) : undefined;

  printSizes(measureInitialAssets(WEB_DIST));
  printLighthouse(await runLighthouse({ baseUrl, ...(runs ? { runs } : {}) }));
}

main().catch((error: unknown) => {
  console.error(error);
  process.exitCode = 1;
});
