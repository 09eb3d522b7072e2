import { creditLimitExceededMessage } from '@portal/contract/credit';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { bookingFields, ignorePoolErrorsAtClose, insertBookableGroup, passenger, postBooking } from '../bookings/bookings.fixtures.js';
import { bookings } from '../bookings/bookings.table.js';
import { users } from '../users/users.table.js';

// PRODUCT §6: "Parallel requests of one agent can never take it past its limit." On PostgreSQL the app's pool runs
// these requests in parallel transactions. Each books a different group, so the group row lock does not serialise
// them: only the agent's row lock (decision 032) does. Without it every request reads the same available credit and
// all ten pass.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  ignorePoolErrorsAtClose(t.db);
});
afterAll(() => t.close());

describe('credit limit under concurrency', () => {
  it('when one agent sends 10 bookings of 100,000 at once against a limit of 450,000, then exactly 4 are made and 6 answer 409', async () => {
    const agent = await insertUserWithToken(t.db, { agencyName: 'Parallel Travels' });
    await t.db.update(users).set({ creditLimit: 450_000 }).where(eq(users.id, agent.user.id));
    const groups = await Promise.all(Array.from({ length: 10 }, () => insertBookableGroup(t.db, { price: 100_000 })));

    const responses = await Promise.all(
      groups.map((group) => postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })))),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(4);
    expect(statuses.filter((status) => status === 409)).toHaveLength(6);
    const refusals = new Set(responses.filter((response) => response.statusCode === 409).map((response) => response.json().message));
    expect([...refusals]).toEqual([creditLimitExceededMessage({ available: 50_000, needed: 100_000 })]);
    const rows = await t.db.select().from(bookings).where(eq(bookings.agentUserId, agent.user.id));
    expect(rows).toHaveLength(4);

    const profile = await t.app.inject({ method: 'GET', url: '/api/my-profile', headers: bearer(agent.token) });
    expect(profile.json().data).toMatchObject({ credit_limit: 450_000, available_credit: 50_000 });
  });

  it('when an admin confirms 5 holds of one agent at once after its limit was lowered to fit 2, then exactly 2 are confirmed', async () => {
    const agent = await insertUserWithToken(t.db, { agencyName: 'Parallel Confirm Travels' });
    const admin = await insertUserWithToken(t.db, { role: 'admin' });
    const groups = await Promise.all(Array.from({ length: 5 }, () => insertBookableGroup(t.db, { price: 100_000 })));
    const ids: number[] = [];
    for (const group of groups) {
      const response = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })));
      ids.push(response.json().data.id);
    }
    // 5 holds of 100,000 and a limit of 200,000: each confirmation needs 100,000 against 200,000 - the other holds'
    // value, which only the first confirmations can satisfy once the other holds are cancelled.
    await t.db.update(users).set({ creditLimit: 200_000 }).where(eq(users.id, agent.user.id));
    await t.db.update(bookings).set({ cancelStatus: true, cancelledAt: new Date() }).where(eq(bookings.agentUserId, agent.user.id));
    const responses = await Promise.all(
      ids.map((id) =>
        t.app.inject({ method: 'POST', url: '/api/confirmbooking', payload: { booking_id: id, discount: 0, receive_payment: 0, sure: 1 }, headers: bearer(admin.token) }),
      ),
    );
    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200)).toHaveLength(2);
    expect(statuses.filter((status) => status === 409)).toHaveLength(3);
    const confirmed = await t.db.select().from(bookings).where(eq(bookings.agentUserId, agent.user.id));
    expect(confirmed.filter((row) => row.confirmed && !row.cancelStatus)).toHaveLength(2);
  });
});
