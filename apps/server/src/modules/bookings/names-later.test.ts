import {
  BOOKING_UPDATED_MESSAGE,
  PASSENGER_NAME_REQUIRED_MESSAGE,
  PASSPORT_IMAGE_REQUIRED_MESSAGE,
} from '@portal/contract/booking-lifecycle';
import {
  BOOKING_ADDED_MESSAGE,
  childTooYoungMessage,
  MAX_ADULTS_MESSAGE,
  NAMES_LATER_DEADLINE_PASSED_MESSAGE,
  NAMES_LATER_NO_DEADLINE_MESSAGE,
  passportAlreadyBookedMessage,
} from '@portal/contract/bookings';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import type { GroupRow } from '../groups/groups.table.js';
import { bookingPassengers, bookings } from './bookings.table.js';
import {
  daysFromToday,
  insertAgentWithToken,
  insertBookableGroup,
  passenger,
  passengerFields,
  postBooking,
  snapshot,
  soldSeats,
  uniquePngFile,
  type FilePart,
  type PassengerForm,
} from './bookings.fixtures.js';
import { namesLaterFields, setNameDeadline } from './names-later.fixtures.js';

/** PRODUCT §6 "Names later" (decision 030): add-booking by type only, 'TBA' and missing_names, booking-update fills. */

let t: TestApp;
let agent: { user: { id: number }; token: string };
let group: GroupRow;
const inTenDays = () => new Date(Date.now() + 10 * 86_400_000);

beforeAll(async () => {
  t = await buildTestApp();
  agent = await insertAgentWithToken(t.db, { agencyName: 'Names Later Travels' });
  group = await insertBookableGroup(t.db, { totalTicket: 30, firstDay: 30 });
  await setNameDeadline(t.db, group.id, inTenDays());
});
afterAll(() => t.close());

async function bookNamesLater(types: string[], token = agent.token, pnr = group.pnr) {
  return postBooking(t.app, token, multipart(namesLaterFields({ pnr, types })));
}

async function passengersOf(bookingId: number) {
  return t.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position));
}

function get(url: string, token = agent.token) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

async function detailOf(bookingId: number) {
  const response = await t.app.inject({ method: 'POST', url: '/api/agent-booking-detail', payload: { booking_id: bookingId }, headers: bearer(agent.token) });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().data;
}

const png = () => uniquePngFile('scan.png');

/** booking-update fields: the booking, its passengers in order (a TBA one by its type alone), then the scans. */
function updateFields(bookingId: number, passengers: PassengerForm[], scans: Array<[string, FilePart]> = []): Array<[string, string | FilePart]> {
  return [['booking_id', String(bookingId)], ...passengerFields(passengers), ...scans];
}

function sendUpdate(fields: Array<[string, string | FilePart]>, token = agent.token) {
  const form = multipart(fields);
  return t.app.inject({ method: 'POST', url: '/api/booking-update', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
}

const adult = (overrides: Partial<PassengerForm> = {}) => passenger({ type: 'adult', ...overrides });

describe('add-booking with names_later = 1', () => {
  it('when an agent books 2 adults and an infant by type only, then a Hold with 3 passengers without names, seats taken, TBA in the lists', async () => {
    const soldBefore = await soldSeats(t.db, group.id);
    const response = await bookNamesLater(['adult', 'adult', 'infant']);
    expect(response.statusCode, response.body).toBe(201);
    expect(await soldSeats(t.db, group.id)).toBe(soldBefore + 2);
    expect(response.json().message).toBe(BOOKING_ADDED_MESSAGE);
    const id = response.json().data.id as number;
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row).toMatchObject({ adults: 2, children: 0, infants: 1, confirmed: false, totalAmount: 2 * 100_000 + 20_000 });
    const stored = await passengersOf(id);
    expect(stored.map((passenger) => [passenger.type, passenger.title, passenger.firstname, passenger.lastname, passenger.passportNo, passenger.passportFileId])).toEqual([
      ['adult', null, null, null, null, null],
      ['adult', null, null, null, null, null],
      ['infant', null, null, null, null, null],
    ]);

    const detail = (await detailOf(id));
    expect(detail).toMatchObject({ missing_names: 3, name_deadline: expect.stringMatching(/^\d{4}-\d{2}-\d{2}T/) });
    expect(detail.booking_sub[0]).toMatchObject({ type: 'adult', title: null, firstname: null, lastname: null, dob: null, passport_no: null, passport_img: null, visa_copy: null });

    const list = (await get('/api/agnetlistofbookings')).json();
    const listed = list.data.find((entry: { id: number }) => entry.id === id);
    expect(listed).toMatchObject({ passenger_name: 'TBA', missing_names: 3, passengers: 3 });
  });

  it('when the group has no name deadline, or it has passed, then 422 on names_later and nothing is written', async () => {
    const other = await insertBookableGroup(t.db, { firstDay: 30 });
    const before = await snapshot(t.db, t.app.uploadsDir);
    const none = await bookNamesLater(['adult'], agent.token, other.pnr);
    expect(none.statusCode).toBe(422);
    expect(none.json()).toEqual({ message: NAMES_LATER_NO_DEADLINE_MESSAGE, errors: { names_later: [NAMES_LATER_NO_DEADLINE_MESSAGE] } });
    expect(NAMES_LATER_NO_DEADLINE_MESSAGE).toBe('This group has no name deadline, so every passenger needs a name now.');

    await setNameDeadline(t.db, other.id, new Date(Date.now() - 60_000));
    const passed = await bookNamesLater(['adult'], agent.token, other.pnr);
    expect(passed.statusCode).toBe(422);
    expect(passed.json().errors).toEqual({ names_later: ['The name deadline of this group has passed, so every passenger needs a name now.'] });
    expect(passed.json().message).toBe(NAMES_LATER_DEADLINE_PASSED_MESSAGE);
    expect(await snapshot(t.db, t.app.uploadsDir)).toEqual(before);
  });

  it('when the types break the count rules or are unknown, then 422 on type as for a booking with names', async () => {
    const many = await bookNamesLater(['adult', 'adult', 'adult', 'adult', 'adult', 'adult']);
    expect(many.statusCode).toBe(422);
    expect(many.json().errors).toEqual({ type: [MAX_ADULTS_MESSAGE] });
    const unknown = await bookNamesLater(['adult', 'pilot']);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ 'type.1': ['The selected type is invalid.'] });
    const empty = await postBooking(t.app, agent.token, multipart([['pnr', group.pnr], ['names_later', '1']]));
    expect(empty.json().errors).toEqual({ type: ['The type field is required.'] });
  });
});

describe('booking-update fills the names of a names-later booking', () => {
  it('when one of two passengers is filled and the other sent by its type alone, then one name is stored and one stays missing', async () => {
    const id = (await bookNamesLater(['adult', 'adult'])).json().data.id as number;
    const response = await sendUpdate(updateFields(id, [adult({ firstname: '  sara  ', title: 'mrs' }), { type: 'adult' }], [['passport_img[0]', png()]]));
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: BOOKING_UPDATED_MESSAGE });
    const [first, second] = await passengersOf(id);
    expect(first).toMatchObject({ title: 'Mrs', firstname: 'SARA', lastname: 'KHAN' });
    expect(first!.passportFileId).not.toBeNull();
    expect(second).toMatchObject({ firstname: null, passportFileId: null });
    expect((await detailOf(id)).missing_names).toBe(1);

    // The second, later: every name given, nothing missing.
    const done = await sendUpdate(
      updateFields(id, [adult({ firstname: 'sara', title: 'Mrs', passport_no: first!.passportNo! }), adult({ firstname: 'omar' })], [['passport_img[1]', png()]]),
    );
    expect(done.statusCode, done.body).toBe(200);
    expect((await detailOf(id)).missing_names).toBe(0);
    const list = (await get('/api/agnetlistofbookings')).json();
    expect(list.data.find((entry: { id: number }) => entry.id === id)).toMatchObject({ passenger_name: 'Mrs SARA KHAN', missing_names: 0 });

    // A passenger who has a name cannot go back to TBA.
    const back = await sendUpdate(updateFields(id, [{ type: 'adult' }, adult({ firstname: 'omar', passport_no: (await passengersOf(id))[1]!.passportNo! })]));
    expect(back.statusCode).toBe(422);
    expect(back.json().errors).toEqual({ 'firstname.0': [PASSENGER_NAME_REQUIRED_MESSAGE] });
    expect(PASSENGER_NAME_REQUIRED_MESSAGE).toBe('The first name field is required.');
  });

  it('when a TBA passenger is filled without a passport scan, then 422 on passport_img.N and nothing changes', async () => {
    const id = (await bookNamesLater(['adult'])).json().data.id as number;
    const response = await sendUpdate(updateFields(id, [adult()]));
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ 'passport_img.0': [PASSPORT_IMAGE_REQUIRED_MESSAGE] });
    expect(PASSPORT_IMAGE_REQUIRED_MESSAGE).toBe('Passport image is required');
    expect((await passengersOf(id))[0]!.firstname).toBeNull();
  });

  it('when a filled passenger breaks a §4 rule (age for its type, name letters, a passport booked on the group), then the same answers as add-booking', async () => {
    const id = (await bookNamesLater(['adult', 'child'])).json().data.id as number;
    const young = await sendUpdate(
      updateFields(id, [adult(), { type: 'child', title: 'Miss', firstname: 'zara', lastname: 'khan', dob: daysFromToday(-300), passport_no: 'CH1234567', passport_expiry_date: daysFromToday(900) }], [
        ['passport_img[0]', png()],
        ['passport_img[1]', png()],
      ]),
    );
    expect(young.statusCode).toBe(422);
    expect(Object.keys(young.json().errors)).toEqual(['dob.1']);
    expect(young.json().errors['dob.1'][0]).toBe(childTooYoungMessage(young.json().errors['dob.1'][0].match(/AGE is ([\d.]+)/)![1]));

    const badName = await sendUpdate(updateFields(id, [adult({ firstname: 'al1' }), { type: 'child' }], [['passport_img[0]', png()]]));
    expect(badName.statusCode).toBe(422);
    expect(badName.json().errors).toEqual({ 'firstname.0': ['The first name may only contain letters, spaces, hyphens and apostrophes.'] });

    const taken = (await passengersOf((await bookingWithName()).id))[0]!.passportNo!;
    const duplicate = await sendUpdate(updateFields(id, [adult({ passport_no: taken }), { type: 'child' }], [['passport_img[0]', png()]]));
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().message).toBe(passportAlreadyBookedMessage(taken));
    expect((await passengersOf(id)).every((passenger) => passenger.firstname === null)).toBe(true);
  });

  it('when the database is written around the use case with half a passenger, then its check refuses it', async () => {
    const id = (await bookNamesLater(['adult'])).json().data.id as number;
    const [row] = await passengersOf(id);
    await expect(t.db.update(bookingPassengers).set({ firstname: 'ALI' }).where(eq(bookingPassengers.id, row!.id))).rejects.toThrow();
  });
});

/** A booking of the group with every name, by the same agent, filled through booking-update. */
async function bookingWithName(): Promise<{ id: number }> {
  const id = (await bookNamesLater(['adult'])).json().data.id as number;
  const response = await sendUpdate(updateFields(id, [adult()], [['passport_img[0]', png()]]));
  expect(response.statusCode, response.body).toBe(200);
  return { id };
}
