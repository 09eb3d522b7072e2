import { existsSync } from 'node:fs';
import {
  AGENT_EDIT_HOLD_ONLY_MESSAGE,
  BOOKING_UPDATED_MESSAGE,
  PASSENGERS_CHANGED_MESSAGE,
} from '@portal/contract/booking-lifecycle';
import { PASSENGER_FILE_TOO_LARGE_MESSAGE } from '@portal/contract/bookings';
import { asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp, type TestFilePart } from '../../test/helpers.js';
import { PNG_BYTES } from '../../test/uploads.js';
import { resolveStoragePath } from '../files/files.usecases.js';
import { files } from '../files/files.table.js';
import type { UserRow } from '../users/users.table.js';
import { bookingPassengers, bookings } from './bookings.table.js';
import {
  buildPassengers,
  daysFromToday,
  insertTestBooking,
  insertTestGroup,
  insertUserWithToken,
  uniqueScan,
  type TestBookingState,
  type TestGroup,
} from './booking-lifecycle.factories.js';

let t: TestApp;
let admin: { user: UserRow; token: string };
let agentA: { user: UserRow; token: string };
let agentB: { user: UserRow; token: string };
let group: TestGroup;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agentA = await insertUserWithToken(t.db, { agencyName: 'Alpha Travels' });
  agentB = await insertUserWithToken(t.db, { agencyName: 'Beta Tours' });
  group = await insertTestGroup(t.db, { totalTicket: 100, firstDay: 30, returnDay: 45 });
});
afterAll(() => t.close());

async function booking({ owner = agentA, state = 'hold' as TestBookingState, adults = 2, children = 1, infants = 1 } = {}) {
  const { booking: row } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group: group.group,
    addedBy: owner.user.id,
    agentUserId: owner.user.id,
    state,
    adults,
    children,
    infants,
  });
  return row.id;
}

async function passengersOf(bookingId: number) {
  return t.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position));
}

async function storagePathOf(fileId: number | null): Promise<string | undefined> {
  if (fileId === null) return undefined;
  const [row] = await t.db.select({ storagePath: files.storagePath }).from(files).where(eq(files.id, fileId));
  return row?.storagePath;
}

interface PassengerFields {
  type: string;
  title: string;
  firstname: string;
  lastname: string;
  dob: string;
  passport_no: string;
  passport_expiry_date: string;
}

/** The stored passengers of a booking as the update form starts from them (000 §7 booking-edit-detail). */
async function currentFields(bookingId: number): Promise<PassengerFields[]> {
  return (await passengersOf(bookingId)).map((row) => ({
    type: row.type,
    title: row.title ?? '',
    firstname: row.firstname ?? '',
    lastname: row.lastname ?? '',
    dob: row.dob ?? '',
    passport_no: row.passportNo ?? '',
    passport_expiry_date: row.passportExpiryDate ?? '',
  }));
}

/** booking-update fields as the seed's form sends them: `titles[]` (or `title[]`), per-passenger arrays, indexed files. */
function updateForm(
  bookingId: number,
  passengers: PassengerFields[],
  { titleKey = 'titles', files: scans = [] }: { titleKey?: string; files?: Array<[string, TestFilePart]> } = {},
): Array<[string, string | TestFilePart]> {
  const fields: Array<[string, string | TestFilePart]> = [['booking_id', String(bookingId)]];
  for (const passenger of passengers) {
    fields.push(
      [`${titleKey}[]`, passenger.title],
      ['firstname[]', passenger.firstname],
      ['lastname[]', passenger.lastname],
      ['dob[]', passenger.dob],
      ['passport_no[]', passenger.passport_no],
      ['passport_expiry_date[]', passenger.passport_expiry_date],
      ['type[]', passenger.type],
    );
  }
  return [...fields, ...scans];
}

function send(fields: Array<[string, string | TestFilePart]>, token: string) {
  const form = multipart(fields);
  return t.app.inject({ method: 'POST', url: '/api/booking-update', payload: form.payload, headers: { ...form.headers, ...bearer(token) } });
}

const png = (name = 'scan.png'): TestFilePart => ({ filename: name, contentType: 'image/png', data: uniqueScan() });

describe('POST /api/booking-update', () => {
  it('when an agent updates its own hold, then names are normalised, one scan is replaced and the old one deleted', async () => {
    const id = await booking();
    const before = await passengersOf(id);
    const oldPath = (await storagePathOf(before[1]!.passportFileId))!;
    expect(existsSync(resolveStoragePath({ uploadsDir: t.app.uploadsDir, storagePath: oldPath }))).toBe(true);

    const fields = await currentFields(id);
    fields[1] = { ...fields[1]!, title: 'ms', firstname: '  sara   ahmed ', lastname: " o'brien-khan ", passport_no: 'xy 99887' };
    const [bookingBefore] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    const response = await send(updateForm(id, fields, { files: [['passport_img[1]', png()], ['visa_copy[2]', png('visa.png')]] }), agentA.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: BOOKING_UPDATED_MESSAGE });

    const after = await passengersOf(id);
    expect(after).toHaveLength(4);
    expect(after[1]).toMatchObject({ title: 'Ms', firstname: 'SARA AHMED', lastname: "O'BRIEN-KHAN", passportNo: 'XY99887' });
    expect(after.map((row) => row.type)).toEqual(['adult', 'adult', 'child', 'infant']);
    expect(after[0]!.passportFileId).toBe(before[0]!.passportFileId);
    expect(after[0]!.visaFileId).toBe(before[0]!.visaFileId);
    expect(after[1]!.passportFileId).not.toBe(before[1]!.passportFileId);
    expect(before[2]!.visaFileId).toBeNull();
    expect(after[2]!.visaFileId).not.toBeNull();
    // The replaced scan is gone: row and bytes; the new one is on disk and private.
    expect(await storagePathOf(before[1]!.passportFileId)).toBeUndefined();
    expect(existsSync(resolveStoragePath({ uploadsDir: t.app.uploadsDir, storagePath: oldPath }))).toBe(false);
    const newPath = (await storagePathOf(after[1]!.passportFileId))!;
    expect(newPath).toMatch(/^private\/passport\//);
    expect(existsSync(resolveStoragePath({ uploadsDir: t.app.uploadsDir, storagePath: newPath }))).toBe(true);
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row!.editedBy).toBe(agentA.user.id);
    // updated_at is the edit's instant (written by the prepared statement, decision 070), not the booking's creation.
    expect(row!.updatedAt.getTime()).toBeGreaterThan(bookingBefore!.updatedAt.getTime());
    expect(Date.now() - row!.updatedAt.getTime()).toBeLessThan(60_000);

    const detail = await t.app.inject({ method: 'POST', url: '/api/agent-booking-detail', payload: { booking_id: id }, headers: bearer(agentA.token) });
    expect(detail.json().data.booking_sub[1].passport_img).toContain(`/api/private-files/${after[1]!.passportFileId}?expires=`);
  });

  it('when title[] is sent instead of titles[], then it is read the same', async () => {
    const id = await booking({ children: 0, infants: 0, adults: 1 });
    const fields = await currentFields(id);
    fields[0] = { ...fields[0]!, title: 'Mr', firstname: 'hamza' };
    const response = await send(updateForm(id, fields, { titleKey: 'title' }), agentA.token);
    expect(response.statusCode, response.body).toBe(200);
    expect((await passengersOf(id))[0]!.firstname).toBe('HAMZA');
  });

  it('when a replaced scan is still used by another passenger, then its file is kept', async () => {
    const id = await booking({ children: 0, infants: 0, adults: 1 });
    const other = await booking({ children: 0, infants: 0, adults: 1 });
    const [first] = await passengersOf(id);
    const [otherFirst] = await passengersOf(other);
    await t.db.update(bookingPassengers).set({ passportFileId: first!.passportFileId! }).where(eq(bookingPassengers.id, otherFirst!.id));
    const path = (await storagePathOf(first!.passportFileId))!;
    const response = await send(updateForm(id, await currentFields(id), { files: [['passport_img[]', png()]] }), agentA.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(await storagePathOf(first!.passportFileId)).toBe(path);
    expect(existsSync(resolveStoragePath({ uploadsDir: t.app.uploadsDir, storagePath: path }))).toBe(true);
  });

  it('when passengers are added, removed or change type, then 422 on type and nothing changes', async () => {
    const id = await booking();
    const fields = await currentFields(id);
    const fewer = await send(updateForm(id, fields.slice(0, 3).map((field) => ({ ...field, firstname: 'CHANGED' }))), agentA.token);
    expect(fewer.statusCode).toBe(422);
    expect(fewer.json().errors.type).toEqual([PASSENGERS_CHANGED_MESSAGE]);
    const extra = buildPassengers({ adults: 1 })[0]!;
    const more = [...fields, { ...fields[0]!, firstname: extra.firstname, passport_no: 'ZZ1234567' }];
    expect((await send(updateForm(id, more), agentA.token)).json().errors.type).toEqual([PASSENGERS_CHANGED_MESSAGE]);
    const swapped = [fields[0]!, fields[1]!, { ...fields[3]!, firstname: 'X' }, { ...fields[2]!, firstname: 'Y' }];
    expect((await send(updateForm(id, swapped), agentA.token)).json().errors.type).toEqual([PASSENGERS_CHANGED_MESSAGE]);
    expect((await passengersOf(id)).map((row) => row.firstname)).toEqual(fields.map((field) => field.firstname));
  });

  it('when a title, name or age breaks the add-booking rules, then 422 keyed by the passenger', async () => {
    const id = await booking();
    const fields = await currentFields(id);
    const wrongTitle = [...fields];
    wrongTitle[2] = { ...fields[2]!, title: 'Mr' };
    const titleAnswer = await send(updateForm(id, wrongTitle), agentA.token);
    expect(titleAnswer.statusCode).toBe(422);
    expect(titleAnswer.json().errors['titles.2']).toEqual(['The title must be one of: Mstr, Miss.']);

    const badName = [...fields];
    badName[0] = { ...fields[0]!, firstname: 'Ali2' };
    expect((await send(updateForm(id, badName), agentA.token)).json().errors['firstname.0']).toBeDefined();

    const tooOld = [...fields];
    tooOld[2] = { ...fields[2]!, dob: daysFromToday(-365 * 13) };
    const ageAnswer = await send(updateForm(id, tooOld), agentA.token);
    expect(ageAnswer.statusCode).toBe(422);
    expect(ageAnswer.json().errors['dob.2'][0]).toMatch(/^Selected AGE is 1[23]\.\d, Child shouldn't be more than 12 years$/);

    const expiring = [...fields];
    expiring[0] = { ...fields[0]!, passport_expiry_date: daysFromToday(40) };
    expect((await send(updateForm(id, expiring), agentA.token)).json().errors).toHaveProperty(['passport_expiry_date.0']);

    const missing = await send([['booking_id', String(id)]], agentA.token);
    expect(missing.statusCode).toBe(422);
    expect(missing.json().errors.type).toEqual(['The type field is required.']);
    expect(await currentFields(id)).toEqual(fields);
  });

  it('when a scan is over 2 MB or not an image or pdf, then 413 or 422 and nothing is stored', async () => {
    const id = await booking();
    const fields = await currentFields(id);
    const before = await passengersOf(id);
    const over = Buffer.concat([PNG_BYTES, Buffer.alloc(2_097_153 - PNG_BYTES.length)]);
    const tooLarge = await send(updateForm(id, fields, { files: [['passport_img[0]', { filename: 'big.png', contentType: 'image/png', data: over }]] }), agentA.token);
    expect(tooLarge.statusCode).toBe(413);
    expect(tooLarge.json().message).toBe(PASSENGER_FILE_TOO_LARGE_MESSAGE);
    const text = await send(
      updateForm(id, fields, { files: [['passport_img[0]', { filename: 'scan.png', contentType: 'image/png', data: Buffer.from('not an image') }]] }),
      agentA.token,
    );
    expect(text.statusCode).toBe(422);
    expect(text.json().errors['passport_img.0']).toEqual(['The passport image must be a file of type: jpeg, png, webp, pdf.']);
    expect(await passengersOf(id)).toEqual(before);
  });

  it("when an agent updates its confirmed booking or another agent's, then 403; unknown ids 404", async () => {
    const confirmed = await booking({ state: 'confirmed' });
    const confirmedAnswer = await send(updateForm(confirmed, await currentFields(confirmed)), agentA.token);
    expect(confirmedAnswer.statusCode).toBe(403);
    expect(confirmedAnswer.json().message).toBe(AGENT_EDIT_HOLD_ONLY_MESSAGE);
    const cancelled = await booking({ state: 'cancelled' });
    expect((await send(updateForm(cancelled, await currentFields(cancelled)), agentA.token)).statusCode).toBe(403);
    const others = await booking({ owner: agentB });
    const fields = (await currentFields(others)).map((field) => ({ ...field, firstname: 'HIJACK' }));
    expect((await send(updateForm(others, fields), agentA.token)).statusCode).toBe(403);
    expect((await passengersOf(others)).every((row) => row.firstname !== 'HIJACK')).toBe(true);
    expect((await send(updateForm(999_999, fields), agentA.token)).statusCode).toBe(404);
  });

  it('when the admin updates a confirmed booking, then it is saved with the admin as editor', async () => {
    const id = await booking({ state: 'confirmed', owner: agentB });
    const fields = await currentFields(id);
    fields[0] = { ...fields[0]!, lastname: 'qureshi' };
    const response = await send(updateForm(id, fields), admin.token);
    expect(response.statusCode, response.body).toBe(200);
    expect((await passengersOf(id))[0]!.lastname).toBe('QURESHI');
    const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
    expect(row!.editedBy).toBe(admin.user.id);
  });
});
