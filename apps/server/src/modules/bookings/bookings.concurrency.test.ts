import { passportAlreadyBookedMessage, SEATS_UNAVAILABLE_MESSAGE } from '@portal/contract/bookings';
import { and, eq, inArray } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { bookingPassengers, bookings } from './bookings.table.js';
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
// without the group row lock (SELECT … FOR UPDATE) they would all count 0 seats sold and oversell, and (PRODUCT §6,
// decision 025) all find the passport free under read committed and book it twice.

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
    const theirFields = bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] });
    const theirs = await postBooking(t.app, other.token, multipart(theirFields), { 'idempotency-key': 'dialog-123' });
    expect(theirs.statusCode).toBe(201);
    expect(theirs.json().data.id).not.toBe(first.json().data.id);
  });

  it('when a double click sends five requests with one key at once, then one booking is made and all answer its id', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 10 });
    const agent = await insertAgentWithToken(t.db);
    const before = await snapshot(t.db, t.app.uploadsDir);
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
    // Each request sent its own scan: the twins' files rows and bytes (stored under the lock, decision 048) are gone.
    const after = await snapshot(t.db, t.app.uploadsDir);
    expect(after.files - before.files).toBe(1);
    expect(after.storedFiles.length - before.storedFiles.length).toBe(1);
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

describe('one passport booked at once (PRODUCT §6 "Duplicate passengers")', () => {
  /** The group's passengers with this passport on bookings not cancelled. */
  async function livePassengersWith(groupId: number, passportNo: string) {
    return t.db
      .select({ bookingId: bookingPassengers.bookingId })
      .from(bookingPassengers)
      .innerJoin(bookings, eq(bookings.id, bookingPassengers.bookingId))
      .where(and(eq(bookings.groupId, groupId), eq(bookings.cancelStatus, false), eq(bookingPassengers.passportNo, passportNo)));
  }

  it('when 10 agents book the same passport on one group at once, then exactly one booking is made and 9 answer 409', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 20 });
    const agents = await Promise.all(Array.from({ length: 10 }, () => insertAgentWithToken(t.db)));

    const responses = await Promise.all(
      agents.map((agent) =>
        postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult', passport_no: 'ZX9000001' })] }))),
      ),
    );

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 201)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expect(response.json()).toEqual({ message: passportAlreadyBookedMessage('ZX9000001') });
    }
    expect(await livePassengersWith(group.id, 'ZX9000001')).toHaveLength(1);
  });

  it('when 5 agents move a passenger of their holds to one passport while 5 others book it, then exactly one succeeds', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 20 });
    const agents = await Promise.all(Array.from({ length: 10 }, () => insertAgentWithToken(t.db)));
    const holds = await Promise.all(
      agents.slice(0, 5).map(async (agent) => {
        const traveller = passenger({ type: 'adult' });
        const made = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [traveller] })));
        expect(made.statusCode, made.body).toBe(201);
        return { agent, traveller, id: (made.json() as { data: { id: number } }).data.id };
      }),
    );
    const holdIds = holds.map((hold) => hold.id);

    const updates = holds.map(({ agent, traveller, id }) => {
      const form = multipart([
        ['booking_id', String(id)],
        ['type[]', traveller.type],
        ['titles[]', traveller.title],
        ['firstname[]', traveller.firstname],
        ['lastname[]', traveller.lastname],
        ['dob[]', traveller.dob],
        ['passport_no[]', 'ZX9000002'],
        ['passport_expiry_date[]', traveller.passport_expiry_date],
      ]);
      return t.app.inject({ method: 'POST', url: '/api/booking-update', payload: form.payload, headers: { ...form.headers, ...bearer(agent.token) } });
    });
    const adds = agents
      .slice(5)
      .map((agent) =>
        postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult', passport_no: 'ZX9000002' })] }))),
      );
    const responses = await Promise.all([...updates, ...adds]);

    const statuses = responses.map((response) => response.statusCode);
    expect(statuses.filter((status) => status === 200 || status === 201), JSON.stringify(statuses)).toHaveLength(1);
    expect(statuses.filter((status) => status === 409)).toHaveLength(9);
    for (const response of responses.filter((item) => item.statusCode === 409)) {
      expect(response.json()).toEqual({ message: passportAlreadyBookedMessage('ZX9000002') });
    }
    expect(await livePassengersWith(group.id, 'ZX9000002')).toHaveLength(1);
    // The refused updates kept their passengers' numbers.
    const kept = await t.db.select().from(bookingPassengers).where(inArray(bookingPassengers.bookingId, holdIds));
    const updated = statuses.slice(0, 5).filter((status) => status === 200).length;
    expect(kept.filter((row) => row.passportNo !== 'ZX9000002')).toHaveLength(5 - updated);
  });
});
