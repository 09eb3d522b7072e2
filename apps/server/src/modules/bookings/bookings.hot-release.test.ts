import { passportAlreadyBookedMessage, SEATS_UNAVAILABLE_MESSAGE } from '@portal/contract/bookings';
import { and, asc, count, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { PNG_BYTES, pngFile, uniquePng } from '../../test/uploads.js';
import { auditLog } from '../audit/audit.table.js';
import { files } from '../files/files.table.js';
import type { GroupRow } from '../groups/groups.table.js';
import { bookingPassengers } from './bookings.table.js';
import {
  bookingFields,
  insertAgentWithToken,
  insertBookableGroup,
  passenger,
  postBooking,
  referenceBookingSnapshot,
  snapshot,
  soldSeats,
  type PassengerForm,
} from './bookings.fixtures.js';
import { namesLaterFields, setNameDeadline } from './names-later.fixtures.js';

// Decision 039: a request that cannot fit in the seats sold when add-booking first reads the group is refused before
// its scans are re-encoded and without the group's lock. It answers what the locked check answers, changes nothing,
// and the rules that come before the seats keep their precedence. Under the lock, the files rows and the booking with
// its passengers are one statement each.

let t: TestApp;
let token: string;

beforeAll(async () => {
  t = await buildTestApp();
  token = (await insertAgentWithToken(t.db)).token;
});
afterAll(async () => {
  await t.close();
});

function form(group: GroupRow, passengers: PassengerForm[]) {
  return multipart(bookingFields({ pnr: group.pnr, passengers: passengers.map(passenger) }));
}

/** A group of `seats` seats, all of them booked by another agent. */
async function soldOutGroup(seats = 1): Promise<GroupRow> {
  const group = await insertBookableGroup(t.db, { totalTicket: seats });
  const other = await insertAgentWithToken(t.db);
  const response = await postBooking(t.app, other.token, form(group, Array.from({ length: seats }, () => ({ type: 'adult' }))));
  expect(response.statusCode, response.body).toBe(201);
  return group;
}

async function auditRows(): Promise<number> {
  const [row] = await t.db.select({ value: count() }).from(auditLog);
  return Number(row!.value);
}

/** Posts, expects the status, and that no booking, passenger, files row, stored file or audit row appeared. */
async function expectRefused(group: GroupRow, passengers: PassengerForm[], status: number) {
  const before = { ...(await snapshot(t.db, t.app.uploadsDir)), audit: await auditRows() };
  const response = await postBooking(t.app, token, form(group, passengers));
  expect(response.statusCode, response.body).toBe(status);
  expect({ ...(await snapshot(t.db, t.app.uploadsDir)), audit: await auditRows() }).toEqual(before);
  return response.json() as { message: string; errors?: Record<string, string[]> };
}

/** Starts like a PNG (the type check passes) but does not decode: only the re-encoding refuses it. */
const UNREADABLE_SCAN = { filename: 'fake.png', contentType: 'image/png', data: Buffer.concat([PNG_BYTES.subarray(0, 16), Buffer.from('<html>not an image</html>')]) };

describe('add-booking on a sold-out group (decision 039)', () => {
  it('when the group is sold out, then 409 with the seats message, the same answer as the locked check, and nothing changes', async () => {
    const group = await soldOutGroup(2);
    expect(await expectRefused(group, [{ type: 'adult' }], 409)).toEqual({ message: SEATS_UNAVAILABLE_MESSAGE });
    expect(await soldSeats(t.db, group.id)).toBe(2);
  });

  it('when more seats are asked than remain, then 409; the seats that remain can still be booked', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 2 });
    expect(await expectRefused(group, [{ type: 'adult' }, { type: 'child' }, { type: 'infant' }, { type: 'adult' }], 409)).toEqual({
      message: SEATS_UNAVAILABLE_MESSAGE,
    });
    expect((await postBooking(t.app, token, form(group, [{ type: 'adult' }, { type: 'child' }, { type: 'infant' }]))).statusCode).toBe(201);
    expect(await soldSeats(t.db, group.id)).toBe(2);
  });

  it('when the scan does not decode and the group is sold out, then 409 (refused before re-encoding); with seats free, 422 on the scan', async () => {
    const soldOut = await soldOutGroup();
    expect(await expectRefused(soldOut, [{ type: 'adult', passport_img: UNREADABLE_SCAN }], 409)).toEqual({ message: SEATS_UNAVAILABLE_MESSAGE });
    const free = await insertBookableGroup(t.db);
    const body = await expectRefused(free, [{ type: 'adult', passport_img: UNREADABLE_SCAN }], 422);
    expect(body.errors).toEqual({ 'passport_img.0': ['The passport img.0 could not be read as an image.'] });
  });

  it('when a passenger is too young for the type and the group is sold out, then the same 422 as with seats free', async () => {
    const young = { type: 'adult', dob: '2020-01-01' };
    const free = await expectRefused(await insertBookableGroup(t.db), [young], 422);
    const soldOut = await expectRefused(await soldOutGroup(), [young], 422);
    expect(soldOut).toEqual(free);
    expect(Object.keys(soldOut.errors ?? {})).toEqual(['dob.0']);
  });

  it('when the passport is already on a booking of the sold-out group, then the duplicate passport 409 comes first', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 1 });
    const booked = passenger({ type: 'adult' });
    const other = await insertAgentWithToken(t.db);
    expect((await postBooking(t.app, other.token, multipart(bookingFields({ pnr: group.pnr, passengers: [booked] })))).statusCode).toBe(201);
    const body = await expectRefused(group, [{ type: 'adult', passport_no: booked.passport_no }], 409);
    expect(body).toEqual({ message: passportAlreadyBookedMessage(booked.passport_no) });
  });

  it('when a booking of a sold-out group is cancelled, then the next request books the seat it returned', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 1 });
    const first = await postBooking(t.app, token, form(group, [{ type: 'adult' }]));
    expect(first.statusCode).toBe(201);
    await expectRefused(group, [{ type: 'adult' }], 409);
    const cancelled = await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${first.json().data.id}`, headers: bearer(token) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect((await postBooking(t.app, token, form(group, [{ type: 'adult' }]))).statusCode).toBe(201);
    expect(await soldSeats(t.db, group.id)).toBe(1);
  });
});

describe('add-booking writes under the lock in fewer statements (decision 039)', () => {
  it('when passengers share a scan that was stored before and one adds a visa, then one new files row and both point to the stored scan', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 5 });
    const shared = pngFile('shared.png', uniquePng());
    const first = await postBooking(t.app, token, form(group, [{ type: 'adult', passport_img: shared }]));
    expect(first.statusCode, first.body).toBe(201);
    const [stored] = await t.db
      .select({ id: bookingPassengers.passportFileId })
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, first.json().data.id));
    const before = await snapshot(t.db, t.app.uploadsDir);

    const response = await postBooking(
      t.app,
      token,
      form(group, [
        { type: 'adult', passport_img: shared, visa_copy: pngFile('visa.png', uniquePng()) },
        { type: 'adult', passport_img: shared },
      ]),
    );
    expect(response.statusCode, response.body).toBe(201);
    const rows = await t.db
      .select({ passportFileId: bookingPassengers.passportFileId, visaFileId: bookingPassengers.visaFileId })
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, response.json().data.id))
      .orderBy(asc(bookingPassengers.position));
    expect(rows.map((row) => row.passportFileId)).toEqual([stored!.id, stored!.id]);
    expect(rows[1]!.visaFileId).toBeNull();
    const [visa] = await t.db.select({ kind: files.kind }).from(files).where(eq(files.id, rows[0]!.visaFileId!));
    expect(visa!.kind).toBe('visa');
    const after = await snapshot(t.db, t.app.uploadsDir);
    expect(after.files - before.files).toBe(1);
    expect(after.storedFiles.length - before.storedFiles.length).toBe(1);
  });

  it('when an agent books, then the audit row holds exactly what toAuditJson makes of the booking read back', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 5 });
    const response = await postBooking(t.app, token, form(group, [{ type: 'adult' }, { type: 'child' }, { type: 'infant' }]));
    expect(response.statusCode, response.body).toBe(201);
    const id = response.json().data.id as number;
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.kind, 'booking'), eq(auditLog.entityId, id)));
    expect(row!.action).toBe('add');
    expect(row!.after).toEqual(await referenceBookingSnapshot(t.db, id));
  });

  // Decision 048: the audit row is written in the booking's own statement, its snapshot made in SQL.
  async function expectAuditAsRead(id: number, action = 'add') {
    const [row] = await t.db.select().from(auditLog).where(and(eq(auditLog.kind, 'booking'), eq(auditLog.entityId, id)));
    expect(row!.action).toBe(action);
    expect(row!.actorUserId).not.toBeNull();
    const read = await referenceBookingSnapshot(t.db, id);
    expect(row!.after).toEqual(read);
    return read!;
  }

  it('when an admin books a confirmed walk-in with remarks, a visa copy and several passengers, then the audit row holds what toAuditJson makes of the booking read back', async () => {
    const adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const group = await insertBookableGroup(t.db, { totalTicket: 5 });
    const passengers = [
      passenger({ type: 'adult', visa_copy: pngFile('visa.png', uniquePng()), passport_no: 'AB 12345678' }),
      passenger({ type: 'child' }),
      passenger({ type: 'infant' }),
    ];
    const fields = bookingFields({ pnr: group.pnr, passengers, extra: { walking: '1', confirmed: '1', remarks: 'Window seats — «please»' } });
    const response = await postBooking(t.app, adminToken, multipart(fields), { 'idempotency-key': 'audit-walk-in' });
    expect(response.statusCode, response.body).toBe(201);
    const snapshot = await expectAuditAsRead(response.json().data.id as number);
    expect(snapshot).toMatchObject({ walking: true, confirmed: true, remarks: 'Window seats — «please»', cancel_at: null });
    expect(snapshot).not.toHaveProperty('idempotency_key');
    expect(snapshot.confirmed_at).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);
    const stored = snapshot.passengers as Array<Record<string, unknown>>;
    expect(stored.map((item) => item.type)).toEqual(['adult', 'child', 'infant']);
    expect(stored[0]!.passport_no).toMatch(/^•+5678$/);
    expect(stored[0]!.visa_file_id).toEqual(expect.any(Number));
  });

  it('when an agent books names later, then the audit row of the passengers without details is what toAuditJson makes of them read back', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 5 });
    await setNameDeadline(t.db, group.id, new Date(Date.now() + 10 * 86_400_000));
    const response = await postBooking(t.app, token, multipart(namesLaterFields({ pnr: group.pnr, types: ['adult', 'infant'] })));
    expect(response.statusCode, response.body).toBe(201);
    const snapshot = await expectAuditAsRead(response.json().data.id as number);
    expect((snapshot.passengers as Array<Record<string, unknown>>).map((item) => [item.type, item.firstname, item.passport_no])).toEqual([
      ['adult', null, null],
      ['infant', null, null],
    ]);
  });
});
