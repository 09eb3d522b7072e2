import type { AuditEntry } from '@portal/contract/audit';
import { asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, multipart, type TestApp, type TestFilePart } from '../../test/helpers.js';
import { pngFile, postForm, uniquePng } from '../../test/uploads.js';
import { insertTestGroup, insertUserWithToken, type TestGroup } from '../bookings/booking-lifecycle.factories.js';
import { bookingPassengers } from '../bookings/bookings.table.js';
import { buildXlsx, insertNamedBooking } from '../ticketing/ticketing.fixtures.js';
import type { UserRow } from '../users/users.table.js';
import { auditLog } from './audit.table.js';
import { maskPassport } from './audit.json.js';

// PRODUCT §6 audit trail, decision 035 addendum 2026-11-27: airlines, sectors and ticket numbers (typed and imported)
// are recorded in the change's own transaction like every other change; refused changes leave no row, and passport
// numbers in the booking snapshots stay masked.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let group: TestGroup;

const ADDRESS = '198.51.100.23';

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Catalogue Admin' });
  agent = await insertUserWithToken(t.db, { name: 'Zara Malik', agencyName: 'Zam Zam Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 100 });
});
afterAll(() => t.close());

async function auditRowsOf(kind: string, entityId: number) {
  return t.db.select().from(auditLog).where(sql`${auditLog.kind} = ${kind} and ${auditLog.entityId} = ${entityId}`).orderBy(asc(auditLog.id));
}

function send(method: 'GET' | 'POST', url: string, payload?: ReturnType<typeof multipart>) {
  return t.app.inject({
    method,
    url,
    ...(payload ? { payload: payload.payload } : {}),
    headers: { ...(payload?.headers ?? {}), ...bearer(admin.token) },
    remoteAddress: ADDRESS,
  });
}

const actor = () => ({ actorUserId: admin.user.id, actorName: 'Catalogue Admin', address: ADDRESS });

describe('airlines are audited', () => {
  it('when an admin adds, edits and deletes an airline, then each is one row with who, where, before and after', async () => {
    const added = await send('POST', '/api/add-airline', multipart([['full_name', 'Audit Air'], ['short_name', 'AA'], ['logo', pngFile('a.png', uniquePng())]]));
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id as number;
    const edited = await send('POST', `/api/updateariline/${id}`, multipart([['full_name', 'Audit Airways'], ['short_name', 'AW'], ['status', '0']]));
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await send('GET', `/api/deleteairline/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    const rows = await auditRowsOf('airline', id);
    expect(rows.map((row) => row.action)).toEqual(['add', 'update', 'delete']);
    for (const row of rows) expect(row).toMatchObject(actor());
    const [add, update, remove] = rows;
    expect(add!.before).toBeNull();
    expect(add!.after).toMatchObject({ id, full_name: 'Audit Air', short_name: 'AA', status: true, deleted_at: null });
    expect(update!.before).toMatchObject({ full_name: 'Audit Air', short_name: 'AA', status: true });
    expect(update!.after).toMatchObject({ full_name: 'Audit Airways', short_name: 'AW', status: false });
    expect(remove!.before).toMatchObject({ deleted_at: null });
    expect((remove!.after as { deleted_at: string | null }).deleted_at).not.toBeNull();

    // The Audit page's filter finds them by kind and id.
    const listed = await send('GET', `/api/audit?kind=airline&entity_id=${id}`);
    expect(listed.statusCode, listed.body).toBe(200);
    expect((listed.json().data as AuditEntry[]).map((entry) => [entry.kind, entry.action, entry.user_name])).toEqual([
      ['airline', 'delete', 'Catalogue Admin'],
      ['airline', 'update', 'Catalogue Admin'],
      ['airline', 'add', 'Catalogue Admin'],
    ]);
  });

  it('when an edit is refused (422), then no row is written', async () => {
    const added = await send('POST', '/api/add-airline', multipart([['full_name', 'Refused Air'], ['short_name', 'RA'], ['logo', pngFile('r.png', uniquePng())]]));
    const id = added.json().data.id as number;
    const refused = await postForm(t.app, `/api/updateariline/${id}`, [['full_name', 'X'], ['short_name', 'Y'], ['status', '7']], admin.token);
    expect(refused.statusCode).toBe(422);
    expect((await auditRowsOf('airline', id)).map((row) => row.action)).toEqual(['add']);
  });
});

describe('sectors are audited', () => {
  it('when an admin adds, edits and deletes a sector, then each is one row; a refused duplicate writes none', async () => {
    const added = await send('POST', '/api/add-sector', multipart([['from_sector', 'aud'], ['to_sector', 'itx'], ['from_city', 'audit'], ['to_city', 'trail']]));
    expect(added.statusCode, added.body).toBe(201);
    const id = added.json().data.id as number;
    const duplicate = await send('POST', '/api/add-sector', multipart([['from_sector', 'AUD'], ['to_sector', 'ITX'], ['from_city', 'A'], ['to_city', 'B']]));
    expect(duplicate.statusCode).not.toBe(201);
    const edited = await send('POST', `/api/updatesector/${id}`, multipart([['from_sector', 'AUD'], ['to_sector', 'ITY'], ['from_city', 'AUDIT'], ['to_city', 'TRAIL']]));
    expect(edited.statusCode, edited.body).toBe(200);
    const removed = await send('GET', `/api/deletesector/${id}`);
    expect(removed.statusCode, removed.body).toBe(200);

    const rows = await auditRowsOf('sector', id);
    expect(rows.map((row) => row.action)).toEqual(['add', 'update', 'delete']);
    for (const row of rows) expect(row).toMatchObject(actor());
    expect(rows[0]!.after).toMatchObject({ id, from_sector: 'AUD', to_sector: 'ITX', sector_name: 'AUD - ITX', from_city: 'AUDIT' });
    expect(rows[1]!.before).toMatchObject({ to_sector: 'ITX' });
    expect(rows[1]!.after).toMatchObject({ to_sector: 'ITY', sector_name: 'AUD - ITY' });
    expect((rows[2]!.after as { deleted_at: string | null }).deleted_at).not.toBeNull();
    // Only this sector's rows: the refused duplicate added none anywhere.
    const sectorRows = await t.db.select().from(auditLog).where(eq(auditLog.kind, 'sector'));
    expect(sectorRows).toHaveLength(3);
  });
});

type PassengerSnapshot = { id: number; ticket_no: string | null; passport_no: string };

function passengersOf(snapshot: unknown): PassengerSnapshot[] {
  return (snapshot as { passengers: PassengerSnapshot[] }).passengers;
}

async function passportsOf(bookingId: number): Promise<string[]> {
  const rows = await t.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, bookingId)).orderBy(asc(bookingPassengers.position));
  return rows.map((row) => row.passportNo ?? '');
}

describe('ticket numbers are audited on their booking', () => {
  it('when an admin types ticket numbers, then the booking gets a ticket_numbers row with the numbers before and after, passports masked', async () => {
    const booking = await insertNamedBooking(t.db, {
      uploadsDir: t.app.uploadsDir,
      group: group.group,
      addedBy: agent.user.id,
      agentUserId: agent.user.id,
      passengers: [{ firstname: 'ALI', lastname: 'RAZA' }, { firstname: 'SANA', lastname: 'RAZA', title: 'Mrs' }],
    });
    const tickets = [
      { passenger_id: booking.passengerIds[0], ticket_no: '1572400000101' },
      { passenger_id: booking.passengerIds[1], ticket_no: '1572400000102' },
    ];
    const saved = await t.app.inject({
      method: 'POST',
      url: '/api/update-ticket-numbers',
      payload: { booking_id: booking.id, tickets },
      headers: bearer(admin.token),
      remoteAddress: ADDRESS,
    });
    expect(saved.statusCode, saved.body).toBe(200);

    const rows = await auditRowsOf('booking', booking.id);
    expect(rows.map((row) => row.action)).toEqual(['ticket_numbers']);
    expect(rows[0]).toMatchObject(actor());
    expect(passengersOf(rows[0]!.before).map((passenger) => passenger.ticket_no)).toEqual([null, null]);
    expect(passengersOf(rows[0]!.after).map((passenger) => passenger.ticket_no)).toEqual(['1572400000101', '1572400000102']);
    const passports = await passportsOf(booking.id);
    for (const snapshot of [rows[0]!.before, rows[0]!.after]) {
      expect(passengersOf(snapshot).map((passenger) => passenger.passport_no)).toEqual(passports.map(maskPassport));
      for (const passport of passports) expect(JSON.stringify(snapshot)).not.toContain(passport);
    }

    // A number another passenger holds: 422, nothing saved, no row.
    const other = await insertNamedBooking(t.db, {
      uploadsDir: t.app.uploadsDir,
      group: group.group,
      addedBy: agent.user.id,
      agentUserId: agent.user.id,
      passengers: [{ firstname: 'OMAR', lastname: 'ZAID' }],
    });
    const clash = await t.app.inject({
      method: 'POST',
      url: '/api/update-ticket-numbers',
      payload: { booking_id: other.id, tickets: [{ passenger_id: other.passengerIds[0], ticket_no: '1572400000101' }] },
      headers: bearer(admin.token),
    });
    expect(clash.statusCode).toBe(422);
    expect(await auditRowsOf('booking', other.id)).toEqual([]);
  });

  it('when a sheet is imported, then a dry run writes no row and the save writes one import_ticket_numbers row per booking', async () => {
    const common = { uploadsDir: t.app.uploadsDir, group: group.group, addedBy: agent.user.id, agentUserId: agent.user.id };
    const first = await insertNamedBooking(t.db, { ...common, passengers: [{ firstname: 'HAMZA', lastname: 'IQBAL' }] });
    const second = await insertNamedBooking(t.db, { ...common, passengers: [{ firstname: 'MARIA', lastname: 'NOOR' }] });
    const sheet = await buildXlsx([
      ['PNR', 'Surname', 'Given name', 'Ticket number'],
      [group.group.pnr, 'IQBAL', 'HAMZA', '1572400000201'],
      [group.group.pnr, 'NOOR', 'MARIA MS', '1572400000202'],
    ]);
    const file: TestFilePart = { filename: 'tickets.xlsx', contentType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet', data: sheet };
    const importSheet = (dryRun: '0' | '1') => send('POST', '/api/import-ticket-numbers', multipart([['file', file], ['dry_run', dryRun]]));

    const dry = await importSheet('1');
    expect(dry.statusCode, dry.body).toBe(200);
    expect(dry.json().data.matched).toHaveLength(2);
    expect([...(await auditRowsOf('booking', first.id)), ...(await auditRowsOf('booking', second.id))]).toEqual([]);

    const saved = await importSheet('0');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().data.saved).toBe(2);
    for (const [booking, number] of [[first, '1572400000201'], [second, '1572400000202']] as const) {
      const rows = await auditRowsOf('booking', booking.id);
      expect(rows.map((row) => row.action)).toEqual(['import_ticket_numbers']);
      expect(rows[0]).toMatchObject(actor());
      expect(passengersOf(rows[0]!.before)[0]!.ticket_no).toBeNull();
      expect(passengersOf(rows[0]!.after)[0]!.ticket_no).toBe(number);
      const [passport] = await passportsOf(booking.id);
      expect(passengersOf(rows[0]!.after)[0]!.passport_no).toBe(maskPassport(passport!));
      expect(JSON.stringify(rows[0])).not.toContain(passport!);
    }
  });
});
