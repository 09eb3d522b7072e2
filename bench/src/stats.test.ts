import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { parseServerTiming, percentile, summarizeLatencies } from './stats.js';

// `npm test -w bench` (node:test through tsx).
describe('percentile', () => {
  const hundred = Array.from({ length: 100 }, (_, index) => index + 1);

  it('when there are 100 values 1..100, then p50 is 50, p95 is 95, p99 is 99 and p100 is 100 (nearest rank)', () => {
    assert.equal(percentile(hundred, 50), 50);
    assert.equal(percentile(hundred, 95), 95);
    assert.equal(percentile(hundred, 99), 99);
    assert.equal(percentile(hundred, 100), 100);
  });

  it('when there are few values, then p99 is the largest and p0 the smallest', () => {
    assert.equal(percentile([3, 7, 9], 99), 9);
    assert.equal(percentile([3, 7, 9], 50), 7);
    assert.equal(percentile([3, 7, 9], 0), 3);
  });

  it('when there are none, then it is NaN', () => {
    assert.ok(Number.isNaN(percentile([], 99)));
  });
});

describe('summarizeLatencies', () => {
  it('when latencies come unsorted with a failed one (NaN), then it sorts them, leaves the NaN out and rounds to 0.1 ms', () => {
    const latencies = [...Array.from({ length: 199 }, (_, index) => 200 - index + 0.04), Number.NaN, 1000.26];
    assert.deepEqual(summarizeLatencies(latencies), { count: 200, p50Ms: 101, p95Ms: 191, p99Ms: 199, maxMs: 1000.3 });
  });

  it('when nothing answered, then every figure is Infinity (nothing is not fast) and the count 0', () => {
    assert.deepEqual(summarizeLatencies([Number.NaN]), { count: 0, p50Ms: Infinity, p95Ms: Infinity, p99Ms: Infinity, maxMs: Infinity });
  });
});

describe('parseServerTiming (decision 057)', () => {
  it('when a read says what the cache did, then both the time and the outcome are read', () => {
    assert.deepEqual(parseServerTiming('cache;desc=hit, app;dur=1.2'), { serverMs: 1.2, cache: 'hit', phases: {} });
    assert.deepEqual(parseServerTiming('cache;desc=miss, app;dur=48.0'), { serverMs: 48, cache: 'miss', phases: {} });
  });

  it('when only the time is stated (a write), then the cache outcome is null', () => {
    assert.deepEqual(parseServerTiming('app;dur=15.5'), { serverMs: 15.5, cache: null, phases: {} });
  });

  it('when the answer states its phases (decision 059), then each is read by name, in order, and app stays the total', () => {
    const timing = parseServerTiming('recv;dur=0.8, pre;dur=0.2, admit;dur=0.0, image;dur=12.5, img-work;dur=3.1, send;dur=0.3, app;dur=20.1');
    assert.deepEqual(timing, { serverMs: 20.1, cache: null, phases: { recv: 0.8, pre: 0.2, admit: 0, image: 12.5, 'img-work': 3.1, send: 0.3 } });
    assert.deepEqual(Object.keys(timing!.phases), ['recv', 'pre', 'admit', 'image', 'img-work', 'send']);
  });

  it('when the header is missing or not the portal\'s, then it is null', () => {
    assert.equal(parseServerTiming(null), null);
    assert.equal(parseServerTiming('db;dur=3'), null);
  });
});
