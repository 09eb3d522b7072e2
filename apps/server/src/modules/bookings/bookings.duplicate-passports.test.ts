import { BOOKING_UPDATED_MESSAGE } from '@portal/contract/booking-lifecycle';
import { passportAlreadyBookedMessage, PASSPORT_REPEATED_MESSAGE } from '@portal/contract/bookings';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import type { GroupRow } from '../groups/groups.table.js';
import type { UserRow } from '../users/users.table.js';
import { insertTestBooking, insertUserWithToken } from './booking-lifecycle.factories.js';
import { bookingPassengers, bookings } from './bookings.table.js';
import {
  bookingFields,
  insertAgentWithToken,
  insertBookableGroup,
  passenger,
  passengerFields,
  postBooking,
  snapshot,
  type PassengerForm,
} from './bookings.fixtures.js';

// PRODUCT §6 "Duplicate passengers" (issue 17.2, decision 025): a passport number already on a live booking of the
// group answers 409 'Passport {number} is already booked on this group.' and changes nothing; two passengers of one
// request with one number answer 422 on the second one's passport_no.

type Agent = { user: UserRow; token: string };
type Passenger = Required<PassengerForm>;

let t: TestApp;
let agentA: Agent;
let agentB: Agent;
let admin: Agent;

beforeAll(async () => {
  t = await buildTestApp();
  agentA = await insertAgentWithToken(t.db, { agencyName: 'Alpha Travels' });
  agentB = await insertAgentWithToken(t.db, { agencyName: 'Beta Tours' });
  admin = await insertUserWithToken(t.db, { role: 'admin' });
});
afterAll(async () => {
  await t.close();
});

function book(agent: Agent, group: GroupRow, passengers: Passenger[], extra: Record<string, string> = {}) {
  return postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers, extra })));
}

async function bookOk(agent: Agent, group: GroupRow, passengers: Passenger[]): Promise<number> {
  const response = await book(agent, group, passengers);
  expect(response.statusCode, response.body).toBe(201);
  return (response.json() as { data: { id: number } }).data.id;
}

/** booking-update as the Edit Booking dialog sends it: every passenger's texts, no new scans (the stored ones stay). */
function update(agent: Agent, bookingId: number, passengers: Passenger[]) {
  const form = multipart([['booking_id', String(bookingId)], ...passengerFields(passengers)]);
  return t.app.inject({ method: 'POST', url: '/api/booking-update', payload: form.payload, headers: { ...form.headers, ...bearer(agent.token) } });
}

/** 000 §7: cancelbooking/{id} is a GET. */
function cancel(agent: Agent, bookingId: number) {
  return t.app.inject({ method: 'GET', url: `/api/cancelbooking/${bookingId}`, headers: bearer(agent.token) });
}

async function storedPassports(bookingId: number) {
  const rows = await t.db
    .select({ passportNo: bookingPassengers.passportNo, firstname: bookingPassengers.firstname })
    .from(bookingPassengers)
    .where(eq(bookingPassengers.bookingId, bookingId))
    .orderBy(asc(bookingPassengers.position));
  return rows;
}

async function expireHold(bookingId: number) {
  await t.db.update(bookings).set({ cancelAt: new Date(Date.now() - 60_000) }).where(eq(bookings.id, bookingId));
  t.dataChanged();
}

describe('add-booking: a passport already on a live booking of the group', () => {
  it('when another agent books a passport that is on a hold of the group, then 409 with the message and nothing is stored', async () => {
    const group = await insertBookableGroup(t.db);
    await bookOk(agentA, group, [passenger({ type: 'adult', passport_no: 'AB1234567' })]);
    const before = await snapshot(t.db, t.app.uploadsDir);

    const response = await book(agentB, group, [passenger({ type: 'adult', passport_no: 'CD7654321' }), passenger({ type: 'adult', passport_no: 'AB1234567' })]);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Passport AB1234567 is already booked on this group.' });
    expect(await snapshot(t.db, t.app.uploadsDir)).toEqual(before);
  });

  it('when the number is typed with spaces and in lower case, then it is the same passport (409 names it normalised)', async () => {
    const group = await insertBookableGroup(t.db);
    await bookOk(agentA, group, [passenger({ type: 'adult', passport_no: 'AB1234567' })]);

    const response = await book(agentA, group, [passenger({ type: 'adult', passport_no: ' ab 123 4567 ' })]);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: passportAlreadyBookedMessage('AB1234567') });
  });

  it('when an admin sells a walk-in seat to a passenger on a confirmed booking of the group, then 409 too', async () => {
    const group = await insertBookableGroup(t.db);
    await bookOk(admin, group, [passenger({ type: 'adult', passport_no: 'EF1112223' })]);

    const response = await book(admin, group, [passenger({ type: 'adult', passport_no: 'EF1112223' })], { agent: '0', walking: '1' });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Passport EF1112223 is already booked on this group.' });
  });

  it('when the passport is on a booking of another group, then the booking is made', async () => {
    const [first, second] = [await insertBookableGroup(t.db), await insertBookableGroup(t.db)];
    await bookOk(agentA, first, [passenger({ type: 'adult', passport_no: 'GH2223334' })]);

    await bookOk(agentA, second, [passenger({ type: 'adult', passport_no: 'GH2223334' })]);
  });

  it('when the booking holding the passport was cancelled, then the passport can be booked again', async () => {
    const group = await insertBookableGroup(t.db);
    const id = await bookOk(agentA, group, [passenger({ type: 'adult', passport_no: 'JK3334445' })]);
    expect((await cancel(agentA, id)).statusCode).toBe(200);

    await bookOk(agentB, group, [passenger({ type: 'adult', passport_no: 'JK3334445' })]);
  });

  it('when the hold holding the passport is past its cancel_at (not yet swept), then the passport can be booked again', async () => {
    const group = await insertBookableGroup(t.db);
    const id = await bookOk(agentA, group, [passenger({ type: 'adult', passport_no: 'LM4445556' })]);
    await expireHold(id);

    await bookOk(agentB, group, [passenger({ type: 'adult', passport_no: 'LM4445556' })]);
  });
});

describe('add-booking: two passengers of one request with one passport', () => {
  it('when the second passenger repeats the first one\'s number (spaces and case aside), then 422 on passport_no.1 and nothing is stored', async () => {
    const group = await insertBookableGroup(t.db);
    const before = await snapshot(t.db, t.app.uploadsDir);

    const response = await book(agentA, group, [
      passenger({ type: 'adult', passport_no: 'NP5556667' }),
      passenger({ type: 'adult', passport_no: 'np 5556667' }),
      passenger({ type: 'infant', passport_no: 'QR6667778' }),
    ]);

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: PASSPORT_REPEATED_MESSAGE, errors: { 'passport_no.1': [PASSPORT_REPEATED_MESSAGE] } });
    expect(PASSPORT_REPEATED_MESSAGE).toBe('The passport no is already entered for another passenger of this booking.');
    expect(await snapshot(t.db, t.app.uploadsDir)).toEqual(before);
  });

  it('when the third passenger repeats the first, then the error is on passport_no.2 only', async () => {
    const group = await insertBookableGroup(t.db);
    const response = await book(agentA, group, [
      passenger({ type: 'adult', passport_no: 'ST7778889' }),
      passenger({ type: 'adult', passport_no: 'UV8889990' }),
      passenger({ type: 'child', passport_no: 'ST7778889' }),
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'passport_no.2': [PASSPORT_REPEATED_MESSAGE] });
  });
});

describe('booking-update', () => {
  it("when a booking is saved with its own passports, also swapped between its passengers, then it does not conflict with itself", async () => {
    const group = await insertBookableGroup(t.db);
    const passengers = [passenger({ type: 'adult', passport_no: 'WX1000001' }), passenger({ type: 'adult', passport_no: 'WX1000002' })];
    const id = await bookOk(agentA, group, passengers);

    const renamed = await update(agentA, id, [{ ...passengers[0]!, firstname: 'Bilal' }, passengers[1]!]);
    expect(renamed.statusCode, renamed.body).toBe(200);
    expect(renamed.json()).toEqual({ message: BOOKING_UPDATED_MESSAGE });

    const swapped = await update(agentA, id, [
      { ...passengers[0]!, passport_no: 'wx 1000002' },
      { ...passengers[1]!, passport_no: 'WX1000001' },
    ]);
    expect(swapped.statusCode, swapped.body).toBe(200);
    expect((await storedPassports(id)).map((row) => row.passportNo)).toEqual(['WX1000002', 'WX1000001']);
  });

  it("when a passenger is given a passport on another agent's live booking of the group, then 409 and nothing changes", async () => {
    const group = await insertBookableGroup(t.db);
    await bookOk(agentB, group, [passenger({ type: 'adult', passport_no: 'YZ2000001' })]);
    const mine = [passenger({ type: 'adult', passport_no: 'YZ2000002' }), passenger({ type: 'adult', passport_no: 'YZ2000003' })];
    const id = await bookOk(agentA, group, mine);
    const before = await storedPassports(id);

    const response = await update(agentA, id, [{ ...mine[0]!, firstname: 'Changed' }, { ...mine[1]!, passport_no: 'yz2000001' }]);

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Passport YZ2000001 is already booked on this group.' });
    expect(await storedPassports(id)).toEqual(before);
  });

  it('when two passengers of the update share a number, then 422 on the second one and nothing changes', async () => {
    const group = await insertBookableGroup(t.db);
    const mine = [passenger({ type: 'adult', passport_no: 'AA3000001' }), passenger({ type: 'adult', passport_no: 'AA3000002' })];
    const id = await bookOk(agentA, group, mine);
    const before = await storedPassports(id);

    const response = await update(agentA, id, [mine[0]!, { ...mine[1]!, passport_no: 'AA3000001' }]);

    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: PASSPORT_REPEATED_MESSAGE, errors: { 'passport_no.1': [PASSPORT_REPEATED_MESSAGE] } });
    expect(await storedPassports(id)).toEqual(before);
  });

  it('when the passport is on a cancelled booking or an expired hold of the group, then the update is saved', async () => {
    const group = await insertBookableGroup(t.db);
    const cancelledId = await bookOk(agentB, group, [passenger({ type: 'adult', passport_no: 'BB4000001' })]);
    expect((await cancel(agentB, cancelledId)).statusCode).toBe(200);
    const expiredId = await bookOk(agentB, group, [passenger({ type: 'adult', passport_no: 'BB4000002' })]);
    await expireHold(expiredId);
    const mine = [passenger({ type: 'adult', passport_no: 'BB4000003' }), passenger({ type: 'adult', passport_no: 'BB4000004' })];
    const id = await bookOk(agentA, group, mine);

    const response = await update(agentA, id, [{ ...mine[0]!, passport_no: 'BB4000001' }, { ...mine[1]!, passport_no: 'BB4000002' }]);

    expect(response.statusCode, response.body).toBe(200);
    expect((await storedPassports(id)).map((row) => row.passportNo)).toEqual(['BB4000001', 'BB4000002']);
  });

  it('when two bookings already shared a passport before the rule (older data), then either can still be edited', async () => {
    const group = await insertBookableGroup(t.db);
    // Written straight to the database, as older versions could: both bookings hold AB1000000.
    const older = await Promise.all(
      [agentA, agentB].map((agent) =>
        insertTestBooking(t.db, { uploadsDir: t.app.uploadsDir, group, addedBy: agent.user.id, agentUserId: agent.user.id, passportNos: ['AB1000000'] }),
      ),
    );
    t.dataChanged();
    const [row] = await storedPassports(older[0]!.booking.id);
    expect(row!.passportNo).toBe('AB1000000');

    const response = await update(agentA, older[0]!.booking.id, [passenger({ type: 'adult', firstname: 'Fixed', passport_no: 'AB1000000' })]);

    expect(response.statusCode, response.body).toBe(200);
    expect((await storedPassports(older[0]!.booking.id))[0]).toEqual({ passportNo: 'AB1000000', firstname: 'FIXED' });
  });
});

describe('confirmbooking of a released booking', () => {
  it('when a cancelled booking is confirmed again after its passenger was booked elsewhere in the group, then 409 and it stays cancelled', async () => {
    const group = await insertBookableGroup(t.db);
    const id = await bookOk(agentA, group, [passenger({ type: 'adult', passport_no: 'CC5000001' })]);
    expect((await cancel(agentA, id)).statusCode).toBe(200);
    await bookOk(agentB, group, [passenger({ type: 'adult', passport_no: 'CC5000001' })]);

    const response = await t.app.inject({
      method: 'POST',
      url: '/api/confirmbooking',
      headers: bearer(admin.token),
      payload: { booking_id: id, discount: 0, receive_payment: 0, sure: 1 },
    });

    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'Passport CC5000001 is already booked on this group.' });
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ confirmed: false, cancelStatus: true });
  });
});
