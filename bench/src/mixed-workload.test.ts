import assert from 'node:assert/strict';
import { describe, it } from 'node:test';
import { ADMIN_STEPS, AGENT_STEPS, bookingTail, chooseStep, describeBookingTail, describeSlowBySlice, pickStep, thinkTimeMs, writeShare, type Step, type TimedBooking } from './mixed-workload.js';

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

describe('bookingTail (decision 059)', () => {
  const booking = (atMs: number, serverMs: number | null, phases: Record<string, number> = {}): TimedBooking => ({
    atMs,
    status: 201,
    clientMs: (serverMs ?? 50) + 5,
    serverMs,
    phases,
  });

  it('when bookings come with their phases, then the slowest come first by the server time, split at 10 s, with each phase summarised', () => {
    const bookings = [
      booking(500, 900, { admit: 0, image: 850 }),
      booking(20_000, 20, { admit: 0, image: 4 }),
      booking(30_000, 120, { admit: 1, image: 5, lock: 100 }),
      booking(4_000, 30, { admit: 0, image: 6 }),
    ];
    const tail = bookingTail(bookings, 2);
    assert.equal(tail.count, 4);
    assert.deepEqual(tail.slowest.map((item) => item.serverMs), [900, 120]);
    assert.deepEqual([tail.firstSeconds.count, tail.firstSeconds.maxMs, tail.later.count, tail.later.maxMs], [2, 900, 2, 120]);
    // A phase a booking does not state counts as 0 for it (lock: only one of four).
    assert.deepEqual(tail.phases.map((phase) => [phase.name, phase.p50Ms, phase.maxMs]), [['admit', 0, 1], ['image', 5, 850], ['lock', 0, 100]]);
    const text = describeBookingTail(tail).join('\n');
    assert.match(text, /\+0\.5 s {2}201 {2}client 905 {2}server 900: image 850/);
  });

  it('when the server did not state its time, then the client time orders them; none at all prints nothing', () => {
    assert.deepEqual(bookingTail([booking(0, null), booking(1, 10)]).slowest.map((item) => item.clientMs), [55, 15]);
    assert.deepEqual(describeBookingTail(bookingTail([])), []);
  });
});

describe('describeSlowBySlice', () => {
  it('when some slices had slow requests, then each of those is named with its count of all, the others left out', () => {
    const text = describeSlowBySlice([{ slow: 152, all: 1940 }, { slow: 0, all: 2010 }, { slow: 3, all: 1990 }]);
    assert.equal(text, 'requests over 50 ms (client), by when they were sent: 0-5 s 152 of 1940; 10-15 s 3 of 1990');
  });

  it('when no request was slow, then it says none', () => {
    assert.equal(describeSlowBySlice([{ slow: 0, all: 10 }]), 'requests over 50 ms (client), by when they were sent: none');
  });
});
