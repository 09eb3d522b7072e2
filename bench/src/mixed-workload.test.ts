import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_STEPS, AGENT_STEPS, chooseStep, pickStep, thinkTimeMs, writeShare, type Step } from './mixed-workload.js';

// `npm test -w bench` (node:test through tsx): the mixed workload's step picking (issue 20 point 1).
const STEPS: Step[] = [
  { name: 'read a', weight: 6, write: false },
  { name: 'read b', weight: 2, write: false },
  { name: 'write a', weight: 1, write: true },
  { name: 'write b', weight: 1, write: true },
];

describe('pickStep', () => {
  it('when r runs over [0, 1), then each step covers its share of the weight, in order', () => {
    assert.equal(pickStep(STEPS, 0).name, 'read a');
    assert.equal(pickStep(STEPS, 0.59).name, 'read a');
    assert.equal(pickStep(STEPS, 0.6).name, 'read b');
    assert.equal(pickStep(STEPS, 0.79).name, 'read b');
    assert.equal(pickStep(STEPS, 0.8).name, 'write a');
    assert.equal(pickStep(STEPS, 0.9).name, 'write b');
    assert.equal(pickStep(STEPS, 0.999999).name, 'write b');
  });

  it('when r is spread evenly, then the steps come out in proportion to their weights', () => {
    const counts = new Map<string, number>();
    for (let index = 0; index < 1000; index++) {
      const name = pickStep(AGENT_STEPS, index / 1000).name;
      counts.set(name, (counts.get(name) ?? 0) + 1);
    }
    assert.equal(counts.get('search'), 250);
    assert.equal(counts.get('hold a booking'), 40);
    assert.equal(counts.get('edit a passenger'), 30);
  });
});

describe('chooseStep', () => {
  it('when the picked step can run, then it is the one', () => {
    assert.equal(chooseStep(STEPS, 0.85, () => true).name, 'write a');
  });

  it('when a write cannot run (nothing to cancel), then another write runs in its place, so the share of writes stays', () => {
    assert.equal(chooseStep(STEPS, 0.85, (step) => step.name !== 'write a').name, 'write b');
  });

  it('when no write can run, then a read runs', () => {
    assert.equal(chooseStep(STEPS, 0.85, (step) => !step.write).write, false);
  });

  it('when no step can run, then it says so', () => {
    assert.throws(() => chooseStep(STEPS, 0.5, () => false), /no step can run/);
  });
});

describe('the mixed workload steps', () => {
  it('when agents and admins pick by weight, then about one step in ten writes (issue 20 point 1)', () => {
    assert.equal(writeShare(AGENT_STEPS), 0.1);
    assert.equal(writeShare(ADMIN_STEPS), 0.1);
    assert.deepEqual(
      AGENT_STEPS.filter((step) => step.write).map((step) => step.name),
      ['hold a booking', 'cancel a hold', 'edit a passenger'],
    );
    assert.deepEqual(
      ADMIN_STEPS.filter((step) => step.write).map((step) => step.name),
      ['confirm a booking', 'record a payment'],
    );
  });

  it('when a think time is drawn, then it lies between 50 and 200 ms', () => {
    assert.equal(thinkTimeMs(0), 50);
    assert.equal(thinkTimeMs(0.5), 125);
    assert.ok(thinkTimeMs(0.9999) < 200);
  });
});
