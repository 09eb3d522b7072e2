import { and, asc, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { groups, type GroupRow } from '../groups/groups.table.js';
import { notifications } from '../notifications/notifications.table.js';
import { users } from '../users/users.table.js';
import { bookings } from './bookings.table.js';
import { bookingFields, insertAgentWithToken, insertBookableGroup, passenger, postBooking, soldSeats } from './bookings.fixtures.js';
import { notifyNameDeadlineOutcomes, runNameDeadlines, runNameDeadlinesAndReport } from './name-deadline-job.js';
import { namesLaterFields, setNameDeadline } from './names-later.fixtures.js';

/**
 * The name deadline (PRODUCT §6, decision 030) on a controlled clock: holds still missing names are cancelled and
 * their agents told, confirmed ones are reported to the admins; once, whatever runs it again.
 */

let t: TestApp;
let adminToken: string;
let adminIds: number[];
let agent: { user: { id: number }; token: string };

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  adminIds = (await t.db.select({ id: users.id }).from(users).where(eq(users.role, 'admin'))).map((row) => row.id);
  agent = await insertAgentWithToken(t.db, { agencyName: 'Deadline Travels' });
});
afterAll(() => t.close());

async function created(response: { statusCode: number; body: string; json: () => { data: { id: number } } }): Promise<number> {
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data.id;
}

/** A group whose name deadline is an hour ahead of the real clock, with four bookings: held or confirmed, names or not. */
async function groupWithBookings() {
  const group = await insertBookableGroup(t.db, { totalTicket: 20, firstDay: 30 });
  const deadline = new Date(Date.now() + 3_600_000);
  await setNameDeadline(t.db, group.id, deadline);
  const holdMissing = await created(await postBooking(t.app, agent.token, multipart(namesLaterFields({ pnr: group.pnr, types: ['adult', 'adult'] }))));
  const holdNamed = await created(await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] }))));
  const confirmedMissing = await created(
    await postBooking(
      t.app,
      adminToken,
      multipart(namesLaterFields({ pnr: group.pnr, types: ['adult', 'adult', 'child'], extra: { agent: String(agent.user.id), confirmed: '1' } })),
    ),
  );
  const confirmedNamed = await created(
    await postBooking(
      t.app,
      adminToken,
      multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })], extra: { agent: String(agent.user.id), confirmed: '1' } })),
    ),
  );
  return { group, deadline, holdMissing, holdNamed, confirmedMissing, confirmedNamed };
}

async function stateOf(ids: number[]) {
  const rows = await t.db.select({ id: bookings.id, cancelStatus: bookings.cancelStatus, cancelledBy: bookings.cancelledBy }).from(bookings).where(inArray(bookings.id, ids)).orderBy(asc(bookings.id));
  return Object.fromEntries(rows.map((row) => [row.id, row.cancelStatus]));
}

/** The name-deadline notices about a booking (add-booking's own 'booked' notices left out). */
async function noticesAbout(bookingId: number) {
  const rows = await t.db
    .select({ userId: notifications.userId, message: notifications.message, senderUserId: notifications.senderUserId })
    .from(notifications)
    .where(eq(notifications.bookingId, bookingId))
    .orderBy(asc(notifications.id));
  return rows.filter((row) => row.message.startsWith('The name deadline'));
}

async function runAndNotify(now: Date) {
  const outcomes = await runNameDeadlines({ db: t.db, now });
  await notifyNameDeadlineOutcomes({ notifier: t.app.notifier, logger: t.app.log, outcomes });
  return outcomes;
}

describe('the name-deadline job', () => {
  it('when the clock is before the name deadline, then nothing happens; once it has passed, holds missing names are cancelled and told, confirmed ones reported to admins', async () => {
    const b = await groupWithBookings();
    const all = [b.holdMissing, b.holdNamed, b.confirmedMissing, b.confirmedNamed];
    const soldBefore = await soldSeats(t.db, b.group.id);
    expect(soldBefore).toBe(2 + 1 + 3 + 1);

    const [beforeRun] = await t.db.select().from(groups).where(eq(groups.id, b.group.id));
    expect(await runAndNotify(new Date(b.deadline.getTime() - 1000))).toEqual([]);
    expect(Object.values(await stateOf(all))).toEqual([false, false, false, false]);

    const outcomes = await runAndNotify(new Date(b.deadline.getTime() + 1000));
    expect(outcomes).toEqual([
      { groupId: b.group.id, pnr: b.group.pnr, cancelled: [b.holdMissing], confirmedMissing: [{ bookingId: b.confirmedMissing, missing: 3 }] },
    ]);
    expect(await stateOf(all)).toEqual({ [b.holdMissing]: true, [b.holdNamed]: false, [b.confirmedMissing]: false, [b.confirmedNamed]: false });
    const [cancelled] = await t.db.select().from(bookings).where(eq(bookings.id, b.holdMissing));
    expect(cancelled).toMatchObject({ cancelStatus: true, cancelledBy: null });
    // The two seats of the cancelled hold return to the group.
    expect(await soldSeats(t.db, b.group.id)).toBe(soldBefore - 2);

    expect(await noticesAbout(b.holdMissing)).toEqual([
      {
        userId: agent.user.id,
        senderUserId: null,
        message: `The name deadline of PNR ${b.group.pnr} passed with names missing, so your booking #${b.holdMissing} was cancelled`,
      },
    ]);
    const adminNotices = await noticesAbout(b.confirmedMissing);
    expect(adminNotices.map((row) => row.userId).sort()).toEqual([...adminIds].sort());
    expect(new Set(adminNotices.map((row) => row.message))).toEqual(
      new Set([`The name deadline of PNR ${b.group.pnr} passed: confirmed booking #${b.confirmedMissing} still misses 3 names`]),
    );
    expect(await noticesAbout(b.holdNamed)).toEqual([]);

    // A second run (a restart, another process) finds nothing left: no second cancellation or notice.
    expect(await runAndNotify(new Date(b.deadline.getTime() + 60_000))).toEqual([]);
    expect(await noticesAbout(b.holdMissing)).toHaveLength(1);
    expect(await noticesAbout(b.confirmedMissing)).toHaveLength(adminIds.length);
    const [stamped] = await t.db.select().from(groups).where(eq(groups.id, b.group.id));
    expect(stamped!.nameDeadlineDoneAt).toEqual(new Date(b.deadline.getTime() + 1000));
    // The stamp is no change of fare or schedule: a Book Ticket dialog open on the group stays valid.
    expect(stamped!.updatedAt).toEqual(beforeRun!.updatedAt);
  });

  it('when two processes run at the same moment, then each group is handled by exactly one of them', async () => {
    const b = await groupWithBookings();
    const other = await groupWithBookings();
    const now = new Date(Math.max(b.deadline.getTime(), other.deadline.getTime()) + 1000);
    const [first, second] = await Promise.all([runNameDeadlines({ db: t.db, now }), runNameDeadlines({ db: t.db, now })]);
    const handled = [...first, ...second].map((outcome) => outcome.groupId).sort((x, y) => x - y);
    expect(handled).toEqual([b.group.id, other.group.id].sort((x, y) => x - y));
    expect([...first, ...second].flatMap((outcome) => outcome.cancelled).sort((x, y) => x - y)).toEqual([b.holdMissing, other.holdMissing].sort((x, y) => x - y));
  });

  it('when the names are filled in time, a booking is cancelled by hand, or the group is deleted, then the job leaves them alone', async () => {
    const group: GroupRow = await insertBookableGroup(t.db, { totalTicket: 5, firstDay: 30 });
    const deadline = new Date(Date.now() + 3_600_000);
    await setNameDeadline(t.db, group.id, deadline);
    const hold = await created(await postBooking(t.app, agent.token, multipart(namesLaterFields({ pnr: group.pnr, types: ['adult'] }))));
    await t.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(eq(bookings.id, hold));
    const outcomes = await runNameDeadlines({ db: t.db, now: new Date(deadline.getTime() + 1000) });
    expect(outcomes.filter((outcome) => outcome.groupId === group.id)).toEqual([
      { groupId: group.id, pnr: group.pnr, cancelled: [], confirmedMissing: [] },
    ]);

    const deleted = await insertBookableGroup(t.db, { deleted: true });
    await setNameDeadline(t.db, deleted.id, new Date(Date.now() - 1000));
    expect((await runNameDeadlines({ db: t.db, now: new Date() })).map((outcome) => outcome.groupId)).not.toContain(deleted.id);
    const [row] = await t.db.select().from(groups).where(and(eq(groups.id, deleted.id)));
    expect(row!.nameDeadlineDoneAt).toBeNull();
  });

  it('when the name deadline is moved after it was handled, then the new deadline is handled again', async () => {
    const b = await groupWithBookings();
    await runNameDeadlines({ db: t.db, now: new Date(b.deadline.getTime() + 1000) });
    // A new names-later booking needs a deadline ahead: the admin moves it (update-group clears the stamp).
    const later = new Date(b.deadline.getTime() + 86_400_000);
    await setNameDeadline(t.db, b.group.id, later);
    const hold = await created(await postBooking(t.app, agent.token, multipart(namesLaterFields({ pnr: b.group.pnr, types: ['adult'] }))));
    const outcomes = await runNameDeadlines({ db: t.db, now: new Date(later.getTime() + 1000) });
    expect(outcomes).toEqual([
      { groupId: b.group.id, pnr: b.group.pnr, cancelled: [hold], confirmedMissing: [{ bookingId: b.confirmedMissing, missing: 3 }] },
    ]);
  });

  it('when runNameDeadlinesAndReport fails, then the failure is logged, not thrown', async () => {
    const errors: unknown[] = [];
    const logger = { info: () => undefined, error: (payload: unknown) => errors.push(payload) };
    await runNameDeadlinesAndReport({ db: t.db, logger, now: () => new Date(Number.NaN) });
    expect(errors).toHaveLength(1);
  });
});

describe('the name-deadline job inside the app', () => {
  it('when the app runs the job on its own clock, then a passed name deadline is handled without anyone calling it', async () => {
    // The app's clock runs two hours ahead of the real one (a periodic job's ticks come due by that clock).
    const aheadMs = 2 * 3_600_000;
    const running = await buildTestApp({ nameDeadlines: { intervalMs: 100, now: () => new Date(Date.now() + aheadMs) } });
    try {
      const group = await insertBookableGroup(running.db, { totalTicket: 5, firstDay: 30 });
      await setNameDeadline(running.db, group.id, new Date(Date.now() + 10 * 3_600_000));
      const own = await insertAgentWithToken(running.db);
      const hold = await created(await postBooking(running.app, own.token, multipart(namesLaterFields({ pnr: group.pnr, types: ['adult'] }))));
      // An hour ahead of the real clock: not passed for anyone booking now, passed for the app's clock.
      await setNameDeadline(running.db, group.id, new Date(Date.now() + 3_600_000));
      const deadlineAt = Date.now() + 20_000;
      let cancelled = false;
      while (!cancelled && Date.now() < deadlineAt) {
        await new Promise((resolve) => setTimeout(resolve, 100));
        const [row] = await running.db.select({ cancelStatus: bookings.cancelStatus }).from(bookings).where(eq(bookings.id, hold));
        cancelled = row!.cancelStatus;
      }
      expect(cancelled).toBe(true);
    } finally {
      await running.close();
    }
  });
});
