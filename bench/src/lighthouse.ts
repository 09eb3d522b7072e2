import { launch } from 'chrome-launcher';
import lighthouse, { desktopConfig, type Flags, type Result } from 'lighthouse';

export type LighthousePreset = 'desktop' | 'mobile';

export type LighthouseOptions = {
  /** Origin of the running app, e.g. http://127.0.0.1:8191 */
  baseUrl: string;
  paths?: string[];
  presets?: LighthousePreset[];
  /**
   * Runs per path and preset; scores and metrics are the median. Three by default: one run on a
   * shared two-core machine swings by several performance points (TBT follows CPU contention),
   * the median of three drops one outlier without making the bench take minutes longer.
   */
  runs?: number;
  chromePath?: string;
};

/** Category scores, 0-100 (null when Lighthouse could not score the category). */
export type LighthouseScores = {
  performance: number | null;
  accessibility: number | null;
  bestPractices: number | null;
  seo: number | null;
};

/** Lab metrics in milliseconds, CLS unitless. */
export type LighthouseMetrics = {
  fcpMs: number | null;
  lcpMs: number | null;
  tbtMs: number | null;
  cls: number | null;
  speedIndexMs: number | null;
};

export type LighthouseAuditRef = { id: string; title: string; displayValue?: string };

export type LighthouseRun = {
  scores: LighthouseScores;
  metrics: LighthouseMetrics;
  /** Audits of the accessibility category that failed: what keeps the score below 100. */
  accessibilityFailures: LighthouseAuditRef[];
  /** Performance audits with estimated savings, largest first: where the time goes. */
  performanceOpportunities: LighthouseAuditRef[];
  /** Lighthouse's own warnings about the run (e.g. a page that never settled). */
  warnings: string[];
};

export type LighthouseResult = {
  path: string;
  preset: LighthousePreset;
  url: string;
  /** Median over the runs, field by field. */
  scores: LighthouseScores;
  metrics: LighthouseMetrics;
  runs: LighthouseRun[];
};

/**
 * This machine has no internet: without the background-networking flags Chromium keeps retrying
 * refused connections and Lighthouse waits on them.
 */
const CHROME_FLAGS = [
  '--headless=new',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-dev-shm-usage',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

const CATEGORIES = ['performance', 'accessibility', 'best-practices', 'seo'];
const MAX_OPPORTUNITIES = 5;
/**
 * A first visit hard-reloads once (site version marker, 000 §4), and Lighthouse clears storage
 * before every run, so every run sees two navigations; now and then its trace processing gives up
 * on that (NO_NAVSTART). Such a run is repeated rather than failing the whole bench.
 */
const MAX_ATTEMPTS = 3;

function median(values: (number | null)[]): number | null {
  const present = values.filter((value): value is number => value !== null).sort((a, b) => a - b);
  if (present.length === 0) return null;
  const middle = Math.floor(present.length / 2);
  return present.length % 2 === 1 ? present[middle]! : (present[middle - 1]! + present[middle]!) / 2;
}

function categoryScore(lhr: Result, id: string): number | null {
  const score = lhr.categories[id]?.score;
  return score === null || score === undefined ? null : Math.round(score * 100);
}

function metric(lhr: Result, id: string): number | null {
  return lhr.audits[id]?.numericValue ?? null;
}

function auditRef(lhr: Result, id: string): LighthouseAuditRef {
  const audit = lhr.audits[id];
  return { id, title: audit?.title ?? id, ...(audit?.displayValue ? { displayValue: audit.displayValue } : {}) };
}

/** Estimated savings of an audit in ms of FCP + LCP + TBT (what the performance score weighs most). */
function savingsMs(lhr: Result, id: string): number {
  const audit = lhr.audits[id];
  const savings = audit?.metricSavings ?? {};
  const detailsSavings =
    audit?.details && 'overallSavingsMs' in audit.details ? (audit.details.overallSavingsMs ?? 0) : 0;
  return Math.max((savings.FCP ?? 0) + (savings.LCP ?? 0) + (savings.TBT ?? 0), detailsSavings);
}

function summarise(lhr: Result): LighthouseRun {
  const accessibilityFailures = (lhr.categories.accessibility?.auditRefs ?? [])
    .filter((ref) => {
      const audit = lhr.audits[ref.id];
      return audit !== undefined && audit.score !== null && audit.score < 1 && ref.weight > 0;
    })
    .map((ref) => auditRef(lhr, ref.id));

  // Metric audits (FCP, LCP, ...) live in the 'metrics' group; the rest that fail are advice.
  const performanceOpportunities = (lhr.categories.performance?.auditRefs ?? [])
    .filter((ref) => ref.group !== 'metrics' && ref.group !== 'hidden')
    .filter((ref) => {
      const audit = lhr.audits[ref.id];
      return audit !== undefined && audit.score !== null && audit.score < 0.9 && savingsMs(lhr, ref.id) > 0;
    })
    .sort((a, b) => savingsMs(lhr, b.id) - savingsMs(lhr, a.id))
    .slice(0, MAX_OPPORTUNITIES)
    .map((ref) => auditRef(lhr, ref.id));

  return {
    scores: {
      performance: categoryScore(lhr, 'performance'),
      accessibility: categoryScore(lhr, 'accessibility'),
      bestPractices: categoryScore(lhr, 'best-practices'),
      seo: categoryScore(lhr, 'seo'),
    },
    metrics: {
      fcpMs: metric(lhr, 'first-contentful-paint'),
      lcpMs: metric(lhr, 'largest-contentful-paint'),
      tbtMs: metric(lhr, 'total-blocking-time'),
      cls: metric(lhr, 'cumulative-layout-shift'),
      speedIndexMs: metric(lhr, 'speed-index'),
    },
    accessibilityFailures,
    performanceOpportunities,
    warnings: lhr.runWarnings,
  };
}

function medianOf<T extends Record<string, number | null>>(items: T[]): T {
  const first = items[0];
  if (!first) throw new Error('no Lighthouse runs');
  return Object.fromEntries(Object.keys(first).map((key) => [key, median(items.map((item) => item[key] ?? null))])) as T;
}

async function runOnce(port: number, url: string, preset: LighthousePreset): Promise<LighthouseRun> {
  // 'silent': Lighthouse would otherwise print the stack of every error it recovers from.
  const flags: Flags = { port, logLevel: 'silent', output: 'json', onlyCategories: CATEGORIES };
  const failures: string[] = [];
  for (let attempt = 1; attempt <= MAX_ATTEMPTS; attempt += 1) {
    const result = await lighthouse(url, flags, preset === 'desktop' ? desktopConfig : undefined);
    const failure = result ? result.lhr.runtimeError : { code: 'NO_RESULT', message: 'Lighthouse returned nothing' };
    if (result && !failure) {
      const run = summarise(result.lhr);
      const retried = failures.map((message) => `an earlier attempt failed and was repeated: ${message}`);
      return { ...run, warnings: [...retried, ...run.warnings] };
    }
    failures.push(`${failure?.code}: ${failure?.message}`);
  }
  throw new Error(`Lighthouse failed ${MAX_ATTEMPTS} times on ${url} (${preset}): ${failures.join(' | ')}`);
}

/**
 * Lighthouse (node API) in Debian's Chromium against a running build of the web app. Desktop is
 * Lighthouse's desktop config; mobile is its default config (a throttled mid-range phone).
 * One browser serves every run: Lighthouse clears the origin's storage and cache before each one.
 */
export async function runLighthouse(options: LighthouseOptions): Promise<LighthouseResult[]> {
  const { baseUrl, paths = ['/', '/signin'], presets = ['desktop', 'mobile'], runs = 3 } = options;
  const chrome = await launch({
    chromePath: options.chromePath ?? process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    chromeFlags: CHROME_FLAGS,
    logLevel: 'silent',
  });
  try {
    const results: LighthouseResult[] = [];
    for (const path of paths) {
      for (const preset of presets) {
        const url = new URL(path, baseUrl).href;
        const runResults: LighthouseRun[] = [];
        for (let i = 0; i < runs; i += 1) {
          runResults.push(await runOnce(chrome.port, url, preset));
        }
        results.push({
          path,
          preset,
          url,
          scores: medianOf(runResults.map((run) => run.scores)),
          metrics: medianOf(runResults.map((run) => run.metrics)),
          runs: runResults,
        });
      }
    }
    return results;
  } finally {
    chrome.kill();
  }
}
