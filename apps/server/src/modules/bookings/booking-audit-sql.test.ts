import { and, asc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { maskPassport } from '../audit/audit.json.js';
import { readAuditSnapshot } from '../audit/audit.snapshots.js';
import { auditLog } from '../audit/audit.table.js';
import { recordAudit, type AuditActor } from '../audit/audit.usecases.js';
import type { UserRow } from '../users/users.table.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestBookingState, type TestGroup } from './booking-lifecycle.factories.js';
import { referenceBookingSnapshot } from './bookings.fixtures.js';
import { bookingPassengers, bookings } from './bookings.table.js';

// Decision 067: a booking's audit snapshots are made in SQL, read in one statement (readAuditSnapshot) and, for the
// after image, by the audit row's own insert (recordAudit). They must hold exactly what toAuditJson makes of the rows
// read through Drizzle (referenceBookingSnapshot), whatever the booking's state and its passengers' values.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let group: TestGroup;

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin' });
  agent = await insertUserWithToken(t.db, { agencyName: 'Snapshot Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 100, firstDay: 30, returnDay: 45 });
});
afterAll(() => t.close());

async function booking(state: TestBookingState, counts: { adults?: number; children?: number; infants?: number } = {}) {
  const { booking: row } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group: group.group,
    addedBy: agent.user.id,
    agentUserId: agent.user.id,
    state,
    ...counts,
  });
  return row.id;
}

async function auditRowsOf(bookingId: number) {
  return t.db
    .select()
    .from(auditLog)
    .where(and(eq(auditLog.kind, 'booking'), eq(auditLog.entityId, bookingId)))
    .orderBy(asc(auditLog.id));
}

const actor: AuditActor = { userId: 7, name: 'Snapshot Admin', address: '127.0.0.9' };

describe('the booking snapshot read in one statement', () => {
  it.each(['hold', 'confirmed', 'cancelled', 'cancelled_after_charge'] as const)(
    'when a %s booking with adults, a child and an infant is read, then it is what toAuditJson makes of its rows',
    async (state) => {
      const id = await booking(state, { adults: 2, children: 1, infants: 1 });
      const snapshot = await readAuditSnapshot(t.db, 'booking', id);
      expect(snapshot).toEqual(await referenceBookingSnapshot(t.db, id));
      expect((snapshot!.passengers as unknown[]).length).toBe(4);
    },
  );

  it('when the values are awkward (quotes, backslashes, non-Latin text, a short passport, a passenger without details), then they are read as stored', async () => {
    const id = await booking('hold', { adults: 3 });
    await t.db.update(bookings).set({ remarks: `Ali's "group" \\ window — نشست`, discount: 1_250 }).where(eq(bookings.id, id));
    const passengers = await t.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, id)).orderBy(asc(bookingPassengers.position));
    await t.db.update(bookingPassengers).set({ passportNo: 'A12', firstname: `O'NEIL \\ JR` }).where(eq(bookingPassengers.id, passengers[0]!.id));
    // Names later (PRODUCT §6): a passenger with no details at all.
    const empty = { title: null, firstname: null, lastname: null, dob: null, passportNo: null, passportExpiryDate: null, passportFileId: null, visaFileId: null };
    await t.db.update(bookingPassengers).set(empty).where(eq(bookingPassengers.id, passengers[1]!.id));

    const snapshot = await readAuditSnapshot(t.db, 'booking', id);
    expect(snapshot).toEqual(await referenceBookingSnapshot(t.db, id));
    expect(snapshot).toMatchObject({ remarks: `Ali's "group" \\ window — نشست`, discount: 1_250 });
    const stored = snapshot!.passengers as Array<Record<string, unknown>>;
    expect(stored.map((passenger) => passenger.passport_no)).toEqual(['A12', null, maskPassport(passengers[2]!.passportNo!)]);
    expect(stored[0]!.firstname).toBe(`O'NEIL \\ JR`);
    expect(snapshot).not.toHaveProperty('idempotency_key');
    expect(stored[0]).not.toHaveProperty('booking_id');
  });

  it('when the booking does not exist, then the snapshot is null', async () => {
    expect(await readAuditSnapshot(t.db, 'booking', 2_000_000_000)).toBeNull();
  });
});

describe('the after image read by the audit row insert', () => {
  it('when a change is recorded in its transaction, then the row holds the before given and the booking as changed, with the actor', async () => {
    const id = await booking('hold', { adults: 2, infants: 1 });
    const before = await referenceBookingSnapshot(t.db, id);
    await t.db.transaction(async (tx) => {
      const read = await readAuditSnapshot(tx, 'booking', id);
      await tx.update(bookings).set({ remarks: 'Changed in the transaction', editedBy: admin.user.id }).where(eq(bookings.id, id));
      await tx.update(bookingPassengers).set({ firstname: 'HAMZA' }).where(and(eq(bookingPassengers.bookingId, id), eq(bookingPassengers.position, 0)));
      await recordAudit(tx, actor, { kind: 'booking', entity_id: id, action: 'update', before: read });
    });
    const [row, ...more] = await auditRowsOf(id);
    expect(more).toEqual([]);
    expect(row).toMatchObject({ actorUserId: 7, actorName: 'Snapshot Admin', address: '127.0.0.9', action: 'update' });
    expect(row!.before).toEqual(before);
    expect(row!.after).toEqual(await referenceBookingSnapshot(t.db, id));
    expect(row!.after).toMatchObject({ remarks: 'Changed in the transaction', edited_by: admin.user.id });
    expect((row!.after as { passengers: Array<{ firstname: string }> }).passengers[0]!.firstname).toBe('HAMZA');
  });

  it('when there is no before or no booking, then they are stored as null', async () => {
    await recordAudit(t.db, actor, { kind: 'booking', entity_id: 2_000_000_001, action: 'update' });
    const [row] = await auditRowsOf(2_000_000_001);
    expect(row).toMatchObject({ before: null, after: null, action: 'update' });
  });

  it('when the transaction rolls back, then no row is left', async () => {
    const id = await booking('hold');
    await expect(
      t.db.transaction(async (tx) => {
        await recordAudit(tx, actor, { kind: 'booking', entity_id: id, action: 'update', before: null });
        throw new Error('rolled back on purpose');
      }),
    ).rejects.toThrow('rolled back on purpose');
    expect(await auditRowsOf(id)).toEqual([]);
  });

  it('when an admin confirms and then cancels a hold, then each row holds the booking as it was before and after', async () => {
    const id = await booking('hold', { adults: 1, children: 1 });
    const held = await referenceBookingSnapshot(t.db, id);
    const confirmed = await t.app.inject({ method: 'POST', url: '/api/confirmbooking', payload: { booking_id: id, discount: 0, receive_payment: 0 }, headers: bearer(admin.token) });
    expect(confirmed.statusCode, confirmed.body).toBe(200);
    const afterConfirm = await referenceBookingSnapshot(t.db, id);
    const cancelled = await t.app.inject({ method: 'GET', url: `/api/cancelbooking/${id}`, headers: bearer(admin.token) });
    expect(cancelled.statusCode, cancelled.body).toBe(200);

    const rows = await auditRowsOf(id);
    expect(rows.map((row) => row.action)).toEqual(['confirm', 'cancel']);
    expect(rows[0]).toMatchObject({ before: held, after: afterConfirm, actorUserId: admin.user.id });
    expect(afterConfirm).toMatchObject({ confirmed: true, confirmed_by: admin.user.id });
    expect(rows[1]).toMatchObject({ before: afterConfirm, after: await referenceBookingSnapshot(t.db, id) });
    expect(rows[1]!.after).toMatchObject({ cancel_status: true, cancelled_by: admin.user.id });
  });
});
