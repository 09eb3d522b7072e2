import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { bookings } from '../bookings/bookings.table.js';
import { notifications } from './notifications.table.js';

// PRODUCT §4: a hold that runs out is cancelled by the server (the sweeper), and that cancellation of an
// agent's booking tells the agent, as an admin's cancel does (issue 6).

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ holdSweeper: { intervalMs: 100 } });
});
afterAll(() => t.close());

async function waitFor<T>(read: () => Promise<T | undefined>, timeoutMs = 10_000): Promise<T> {
  const deadline = Date.now() + timeoutMs;
  for (;;) {
    const value = await read();
    if (value !== undefined) return value;
    if (Date.now() > deadline) throw new Error('timed out');
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
}

describe('expired holds', () => {
  it("when an agent's hold runs out, then the sweeper cancels it and the agent is told, by 'System', once", async () => {
    const agent = await insertUserWithToken(t.db, { name: 'Imran Qureshi', agencyName: 'Al-Haram Travels' });
    const other = await insertUserWithToken(t.db, { name: 'Other Agent' });
    const group = await insertTestGroup(t.db);
    const { booking } = await insertTestBooking(t.db, {
      uploadsDir: t.app.uploadsDir,
      group: group.group,
      addedBy: agent.user.id,
      agentUserId: agent.user.id,
      state: 'hold',
      cancelAt: new Date(Date.now() - 60_000),
    });

    const [told] = await waitFor(async () => {
      const rows = await t.db.select().from(notifications).where(eq(notifications.userId, agent.user.id));
      return rows.length > 0 ? rows : undefined;
    });
    expect(told).toMatchObject({
      bookingId: booking.id,
      senderUserId: null,
      name: 'System',
      message: `The hold on your booking #${booking.id} (PNR ${group.group.pnr}) expired and the booking was cancelled`,
      readAt: null,
    });
    const [row] = await t.db.select({ cancelStatus: bookings.cancelStatus }).from(bookings).where(eq(bookings.id, booking.id));
    expect(row!.cancelStatus).toBe(true);

    // Later sweeps find nothing more to cancel: still one notification, and none for anybody else.
    await new Promise((resolve) => setTimeout(resolve, 400));
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, agent.user.id))).toHaveLength(1);
    expect(await t.db.select().from(notifications).where(eq(notifications.userId, other.user.id))).toHaveLength(0);
  });
});
