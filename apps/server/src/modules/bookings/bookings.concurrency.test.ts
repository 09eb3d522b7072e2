import { SEATS_UNAVAILABLE_MESSAGE } from '@portal/contract/bookings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { bookings } from './bookings.table.js';
import {
  bookingFields,
  insertAgentWithToken,
  insertBookableGroup,
  passenger,
  postBooking,
  snapshot,
  soldSeats,
  ignorePoolErrorsAtClose,
} from './bookings.fixtures.js';

// On PostgreSQL the app's pool has 10 connections, so these requests really run in parallel transactions:
// without the group row lock (SELECT … FOR UPDATE) they would all count 0 seats sold and oversell.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  ignorePoolErrorsAtClose(t.db);
});
afterAll(async () => {
  await t.close();
});

describe('add-booking under concurrency', () => {
  it('when 20 agents book one seat each of a 5-seat group at once, then exactly 5 bookings are made and 15 answer 409', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 5 });
    const agents = await Promise.all(Array.from({ length: 20 }, () => insertAgentWithToken(t.db)));
    const before = await snapshot(t.db, t.app.uploadsDir);

    const responses = await Promise.all(
      agents.map((agent) => postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })))),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(5);
    expect(statuses.filter((status) => status === 409)).toHaveLength(15);
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expect(response.json()).toEqual({ message: SEATS_UNAVAILABLE_MESSAGE });
    }
    expect(await soldSeats(t.db, group.id)).toBe(5);
    const rows = await t.db.select().from(bookings).where(eq(bookings.groupId, group.id));
    expect(rows).toHaveLength(5);
    // The refused requests left no scan behind: one stored passport file per booking made.
    const after = await snapshot(t.db, t.app.uploadsDir);
    expect(after.files - before.files).toBe(5);
    expect(after.storedFiles.length - before.storedFiles.length).toBe(5);
  });

  it('when the same agent sends one Idempotency-Key twice, then the second answers the first booking (200) and nothing is added', async () => {
    const group = await insertBookableGroup(t.db);
    const agent = await insertAgentWithToken(t.db);
    const fields = bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] });
    const first = await postBooking(t.app, agent.token, multipart(fields), { 'idempotency-key': 'dialog-123' });
    expect(first.statusCode).toBe(201);
    const before = await snapshot(t.db, t.app.uploadsDir);
    const again = await postBooking(t.app, agent.token, multipart(fields), { 'idempotency-key': 'dialog-123' });
    expect(again.statusCode).toBe(200);
    expect(again.json().data.id).toBe(first.json().data.id);
    expect(await snapshot(t.db, t.app.uploadsDir)).toEqual(before);

    // The key is the caller's own: another agent with the same key makes its own booking.
    const other = await insertAgentWithToken(t.db);
    const theirs = await postBooking(t.app, other.token, multipart(fields), { 'idempotency-key': 'dialog-123' });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
  });

  it('when a double click sends five requests with one key at once, then one booking is made and all answer its id', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 10 });
    const agent = await insertAgentWithToken(t.db);
    const responses = await Promise.all(
      Array.from({ length: 5 }, () =>
        postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })), {
          'idempotency-key': 'double-click',
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 200, 200, 200, 201]);
    const ids = new Set(responses.map((response) => response.json().data.id));
    expect(ids.size).toBe(1);
    expect(await t.db.select().from(bookings).where(eq(bookings.groupId, group.id))).toHaveLength(1);
  });

  it('when one key is sent at once for two different groups, then the unique index keeps one booking and removes the loser\'s scan', async () => {
    const [first, second] = [await insertBookableGroup(t.db), await insertBookableGroup(t.db)];
    const agent = await insertAgentWithToken(t.db);
    const before = await snapshot(t.db, t.app.uploadsDir);
    const responses = await Promise.all(
      [first, second].map((group) =>
        postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })), {
          'idempotency-key': 'same-key',
        }),
      ),
    );
    expect(responses.map((response) => response.statusCode).sort()).toEqual([200, 201]);
    expect(new Set(responses.map((response) => response.json().data.id)).size).toBe(1);
    const after = await snapshot(t.db, t.app.uploadsDir);
    expect(after.bookings - before.bookings).toBe(1);
    expect(after.files - before.files).toBe(1);
    expect(after.storedFiles.length - before.storedFiles.length).toBe(1);
  });

  it('when the Idempotency-Key is longer than 200 characters, then 422', async () => {
    const group = await insertBookableGroup(t.db);
    const agent = await insertAgentWithToken(t.db);
    const response = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })), {
      'idempotency-key': 'k'.repeat(201),
    });
    expect(response.statusCode).toBe(422);
    expect(Object.keys(response.json().errors)).toEqual(['idempotency_key']);
  });
});
