import assert from 'node:assert/strict';
import { copyFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { describe, it } from 'node:test';
import { fileURLToPath } from 'node:url';
import { compareResults, compareWithPrevious, findPreviousResult } from './compare-results.js';

// `npm test -w bench` (node:test through tsx): two small result files shaped as main.ts writes them.
const FIXTURES = path.join(path.dirname(fileURLToPath(import.meta.url)), 'fixtures');
const BEFORE_FILE = path.join(FIXTURES, '2026-11-24T20-06-18.json');
const AFTER_FILE = path.join(FIXTURES, '2026-11-25T09-00-00.json');
const before: unknown = JSON.parse(readFileSync(BEFORE_FILE, 'utf8'));
const after: unknown = JSON.parse(readFileSync(AFTER_FILE, 'utf8'));

describe('compareResults', () => {
  it('reports the figures more than 20 % worse in their own direction, worst first, and nothing else', () => {
    const { regressions } = compareResults(before, after);
    assert.deepEqual(
      regressions.map(({ name, previous, current, worse }) => ({ name, previous, current, worse })),
      [
        // 0 -> 3 errors: any increase from 0 is a regression.
        { name: 'pglite > reads > ticket list > figures > errors', previous: 0, current: 3, worse: 'higher' },
        { name: 'pglite > reads > search-flights LHE-JED > figures > p99Ms', previous: 20, current: 31, worse: 'higher' },
        { name: 'frontend > lighthouse > / mobile > scores > performance', previous: 95, current: 70, worse: 'lower' },
        { name: 'pglite > overhead > portal > requestsPerSecond', previous: 8000, current: 6000, worse: 'lower' },
      ],
    );
    assert.equal(regressions[0]?.change, Infinity);
    assert.equal(regressions[1]?.change, 0.55);
  });

  it('leaves out changes of 20 % or less, improvements, figures new in this run, and what is not a figure of the portal', () => {
    const names = compareResults(before, after).regressions.map((regression) => regression.name);
    // 0.8 -> 0.66 is 17.5 % worse; RSS 280 -> 300 MiB 7 %; the reference's p99 9 -> 10 ms 11 %.
    assert.ok(!names.some((name) => name.endsWith('overhead > ratio') || name.includes('rssMiB') || name.includes('reference > p99Ms')));
    // ticket list p99 40 -> 30 ms and contention p99 300 -> 250 ms got better.
    assert.ok(!names.some((name) => name.includes('ticket list > figures > p99Ms') || name.includes('contention')));
    // CPU share of a fixed-length load (50 -> 99 %), the workload's generation time (40 -> 80 s), Lighthouse's
    // single runs (99 -> 40) and the budget table (the same figure as the body's) are not compared.
    assert.ok(!names.some((name) => /CpuPercent|seconds|runs|budgets/.test(name)));
    // 'own bookings' was not measured before: nothing to compare it with.
    assert.ok(!names.some((name) => name.includes('own bookings')));
  });

  it('does not compare the slowest bookings of a mixed run, which are examples, not figures', () => {
    const mixed = (atMs: number, p99Ms: number) => ({ engines: [{ engine: 'postgres', mixed: { bookings: { slowest: [{ atMs, clientMs: p99Ms }], later: { p99Ms } } } }] });
    const names = compareResults(mixed(300, 50), mixed(45_000, 70)).regressions.map((regression) => regression.name);
    assert.deepEqual(names, ['postgres > mixed > bookings > later > p99Ms']);
  });

  it('finds no regression when a run is compared with itself', () => {
    const { compared, regressions } = compareResults(after, after);
    assert.equal(regressions.length, 0);
    assert.ok(compared > 20, `only ${compared} figures compared`);
  });
});

describe('compareWithPrevious', () => {
  it('prints a "Regressions over 20 %" section with each figure, its values and change', () => {
    const text = compareWithPrevious(AFTER_FILE, BEFORE_FILE);
    assert.match(text, /Regressions over 20 %:/);
    assert.match(text, /pglite > reads > search-flights LHE-JED > figures > p99Ms: 20 -> 31 \(\+55 %, higher is worse\)/);
    assert.match(text, /pglite > reads > ticket list > figures > errors: 0 -> 3 \(was 0, higher is worse\)/);
    assert.match(text, /pglite > overhead > portal > requestsPerSecond: 8000 -> 6000 \(-25 %, lower is worse\)/);
  });

  it('prints "No regression over 20 %" when nothing got worse', () => {
    assert.match(compareWithPrevious(BEFORE_FILE, BEFORE_FILE), /No regression over 20 %/);
  });

  it('takes the newest earlier file with the same options, skipping runs of another kind and later files', () => {
    const dir = mkdtempSync(path.join(tmpdir(), 'bench-compare-'));
    try {
      copyFileSync(BEFORE_FILE, path.join(dir, '2026-11-24T20-06-18.json'));
      const quick = { ...(before as Record<string, unknown>), options: { scale: 0.1, connections: 50, durationSeconds: 5, engines: ['pglite'] } };
      writeFileSync(path.join(dir, '2026-11-25T08-00-00.json'), JSON.stringify(quick));
      writeFileSync(path.join(dir, '2026-11-25T08-30-00.json'), '{"options": {"scale": 1,');
      const current = path.join(dir, '2026-11-25T09-00-00.json');
      copyFileSync(AFTER_FILE, current);
      copyFileSync(AFTER_FILE, path.join(dir, '2026-11-25T10-00-00.json'));

      const options = (after as { options: unknown }).options;
      assert.equal(findPreviousResult(dir, current, options), path.join(dir, '2026-11-24T20-06-18.json'));
      assert.match(compareWithPrevious(current), /compared with .*2026-11-24T20-06-18\.json/);
      assert.equal(findPreviousResult(dir, path.join(dir, '2026-11-24T20-06-18.json'), options), undefined);
      assert.match(compareWithPrevious(path.join(dir, '2026-11-24T20-06-18.json')), /no earlier result with the same options/);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
