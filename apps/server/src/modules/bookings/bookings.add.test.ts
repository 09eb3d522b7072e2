import { BOOKING_ADDED_MESSAGE, GROUP_NOT_BOOKABLE_MESSAGE, PNR_INVALID_MESSAGE, STALE_GROUP_MESSAGE } from '@portal/contract/bookings';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, buildTestApp, multipart, type TestApp } from '../../test/helpers.js';
import { pngFile, uniquePng } from '../../test/uploads.js';
import { files } from '../files/files.table.js';
import { groups } from '../groups/groups.table.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import { settings } from '../settings/settings.table.js';
import { users } from '../users/users.table.js';
import { bookingPassengers } from './bookings.table.js';
import {
  bookingFields,
  findBooking,
  insertAgentWithToken,
  insertBookableGroup,
  passenger,
  postBooking,
  snapshot,
} from './bookings.fixtures.js';

const KARACHI_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' });

let t: TestApp;
let adminToken: string;

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
});
afterAll(async () => {
  await t.close();
});

describe('POST /api/add-booking by an agent', () => {
  it('when an agent books 2 adults, a child and an infant, then it is a Hold for 3 hours at prices the server computes', async () => {
    const group = await insertBookableGroup(t.db, { totalTicket: 9, price: 150_000, infantPrice: 25_000 });
    const agent = await insertAgentWithToken(t.db);
    const before = Date.now();
    const response = await postBooking(
      t.app,
      agent.token,
      multipart(bookingFields({
        pnr: group.pnr.toLowerCase(),
        passengers: [
          passenger({ type: 'adult', title: 'mr', firstname: '  muhammad   ali ', lastname: "o'brien-khan", passport_no: 'AB1234567' }),
          passenger({ type: 'adult', title: 'Mrs', visa_copy: pngFile('visa.png', uniquePng()) }),
          passenger({ type: 'child', title: 'Miss' }),
          passenger({ type: 'infant' }),
        ],
        // Whatever the agent sends about money, agent and state is not taken (PRODUCT §4).
        extra: { confirmed: '1', total_amount: '5', received_amount: '5', remaining_amount: '0', agent: '999', walking: '1', remarks: ' window seats ' },
      })),
    );
    expect(response.statusCode).toBe(201);
    const body = response.json() as { message: string; data: { id: number } };
    expect(body.message).toBe(BOOKING_ADDED_MESSAGE);

    const booking = (await findBooking(t.db, body.data.id))!;
    expect(booking).toMatchObject({
      groupId: group.id,
      agentUserId: agent.user.id,
      walking: false,
      confirmed: false,
      confirmedAt: null,
      cancelStatus: false,
      adults: 2,
      children: 1,
      infants: 1,
      price: 150_000,
      infantPrice: 25_000,
      totalAmount: 3 * 150_000 + 25_000,
      finalTotal: 475_000,
      receivedAmount: 0,
      remainingAmount: 475_000,
      paymentStatus: 0,
      remarks: 'window seats',
      addedBy: agent.user.id,
    });
    const holdMs = booking.cancelAt!.getTime() - before;
    expect(holdMs).toBeGreaterThanOrEqual(180 * 60_000 - 1000);
    expect(holdMs).toBeLessThanOrEqual(180 * 60_000 + 10_000);

    const stored = await t.db.select().from(bookingPassengers).where(eq(bookingPassengers.bookingId, body.data.id));
    stored.sort((a, b) => a.position - b.position);
    expect(stored.map((row) => [row.type, row.title, row.firstname, row.lastname])).toEqual([
      ['adult', 'Mr', 'MUHAMMAD ALI', "O'BRIEN-KHAN"],
      ['adult', 'Mrs', 'ALI', 'KHAN'],
      ['child', 'Miss', 'ALI', 'KHAN'],
      ['infant', 'Inf', 'ALI', 'KHAN'],
    ]);
    expect(stored[0]!.passportNo).toBe('AB1234567');
    expect(stored.map((row) => row.visaFileId !== null)).toEqual([false, true, false, false]);
    const [scan] = await t.db.select().from(files).where(eq(files.id, stored[0]!.passportFileId!));
    expect(scan).toMatchObject({ kind: 'passport', visibility: 'private', mime: 'image/png' });
    // An agent's hold charges nothing yet.
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, body.data.id))).toEqual([]);
  });

  it('when the hold window setting is 60 minutes, then cancel_at is an hour ahead', async () => {
    await t.db.update(settings).set({ value: 60 }).where(eq(settings.key, 'hold_window_minutes'));
    try {
      const group = await insertBookableGroup(t.db);
      const agent = await insertAgentWithToken(t.db);
      const response = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })));
      expect(response.statusCode).toBe(201);
      const booking = (await findBooking(t.db, response.json().data.id))!;
      const holdMinutes = (booking.cancelAt!.getTime() - booking.createdAt.getTime()) / 60_000;
      expect(holdMinutes).toBeCloseTo(60, 3);
    } finally {
      await t.db.update(settings).set({ value: 180 }).where(eq(settings.key, 'hold_window_minutes'));
    }
  });

  it('when the dialog sends the group updated_at it received, then the booking is made; an older one answers 409 and changes nothing', async () => {
    const group = await insertBookableGroup(t.db);
    const agent = await insertAgentWithToken(t.db);
    const current = await postBooking(
      t.app,
      agent.token,
      multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })], extra: { updated_at: group.updatedAt.toISOString() } })),
    );
    expect(current.statusCode).toBe(201);

    // The admin edits the group (e.g. its price) after the agent opened the dialog.
    await t.db.update(groups).set({ price: 200_000 }).where(eq(groups.id, group.id));
    const before = await snapshot(t.db, t.app.uploadsDir);
    const stale = await postBooking(
      t.app,
      agent.token,
      multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })], extra: { updated_at: group.updatedAt.toISOString() } })),
    );
    expect(stale.statusCode).toBe(409);
    expect(stale.json()).toEqual({ message: STALE_GROUP_MESSAGE });
    expect(await snapshot(t.db, t.app.uploadsDir)).toEqual(before);

    const invalid = await postBooking(
      t.app,
      agent.token,
      multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })], extra: { updated_at: 'yesterday' } })),
    );
    expect(invalid.statusCode).toBe(422);
    expect(invalid.json().errors).toEqual({ updated_at: ['The updated at is not a valid date.'] });
  });

  it.each([
    ['closed', { closed: true }],
    ['departed', { firstDay: -1 }],
  ])('when the group is %s, then add-booking answers 409 and changes nothing', async (_name, options) => {
    const group = await insertBookableGroup(t.db, options);
    const agent = await insertAgentWithToken(t.db);
    const before = await snapshot(t.db, t.app.uploadsDir);
    const response = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] })));
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: GROUP_NOT_BOOKABLE_MESSAGE });
    expect(await snapshot(t.db, t.app.uploadsDir)).toEqual(before);
  });

  it('when the PNR is unknown or its group deleted, then 422 on pnr', async () => {
    const deleted = await insertBookableGroup(t.db, { deleted: true });
    const agent = await insertAgentWithToken(t.db);
    for (const pnr of ['NOSUCHPNR', deleted.pnr]) {
      const response = await postBooking(t.app, agent.token, multipart(bookingFields({ pnr, passengers: [passenger({ type: 'adult' })] })));
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({ message: PNR_INVALID_MESSAGE, errors: { pnr: [PNR_INVALID_MESSAGE] } });
    }
  });

  it('when nobody is signed in, then 401', async () => {
    const group = await insertBookableGroup(t.db);
    const form = bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })] });
    const response = await postBooking(t.app, 'not-a-token', multipart(form));
    expect(response.statusCode).toBe(401);
  });
});

describe('POST /api/add-booking by an admin', () => {
  const today = () => KARACHI_DATE.format(new Date());

  it('when agent is 0 and walking 1, then a confirmed walk-in sale without an agent and without a ledger row', async () => {
    const group = await insertBookableGroup(t.db, { price: 90_000 });
    const response = await postBooking(
      t.app,
      adminToken,
      multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' }), passenger({ type: 'adult' })], extra: { agent: '0', walking: '1' } })),
    );
    expect(response.statusCode).toBe(201);
    const booking = (await findBooking(t.db, response.json().data.id))!;
    expect(booking).toMatchObject({ agentUserId: null, walking: true, confirmed: true, cancelAt: null, totalAmount: 180_000 });
    expect(booking.confirmedAt).toBeInstanceOf(Date);
    expect(booking.confirmedBy).toBe(booking.addedBy);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id))).toEqual([]);
  });

  it('when an admin books for an agent with confirmed left out, then it is confirmed and charged to that agent in the ledger', async () => {
    const group = await insertBookableGroup(t.db, { price: 120_000, infantPrice: 30_000 });
    const agent = await insertAgentWithToken(t.db);
    const fields = bookingFields({
      pnr: group.pnr,
      passengers: [passenger({ type: 'adult' }), passenger({ type: 'infant' })],
      extra: { agent: String(agent.user.id), walking: '0' },
    }).filter(([name]) => name !== 'confirmed');
    const response = await postBooking(t.app, adminToken, multipart(fields));
    expect(response.statusCode).toBe(201);
    const booking = (await findBooking(t.db, response.json().data.id))!;
    expect(booking).toMatchObject({ agentUserId: agent.user.id, walking: false, confirmed: true, cancelAt: null, totalAmount: 150_000 });
    const ledger = await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id));
    expect(ledger).toHaveLength(1);
    expect(ledger[0]).toMatchObject({ agentUserId: agent.user.id, type: 'out', amount: 150_000, entryDate: today(), paymentId: null });
  });

  it('when an admin books for an agent with confirmed 0, then it is a Hold with cancel_at and no ledger row', async () => {
    const group = await insertBookableGroup(t.db);
    const agent = await insertAgentWithToken(t.db);
    const response = await postBooking(
      t.app,
      adminToken,
      multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })], extra: { agent: String(agent.user.id), confirmed: '0' } })),
    );
    expect(response.statusCode).toBe(201);
    const booking = (await findBooking(t.db, response.json().data.id))!;
    expect(booking).toMatchObject({ agentUserId: agent.user.id, confirmed: false, confirmedAt: null });
    expect(booking.cancelAt!.getTime()).toBeGreaterThan(Date.now() + 179 * 60_000);
    expect(await t.db.select().from(ledgerEntries).where(eq(ledgerEntries.bookingId, booking.id))).toEqual([]);
  });

  it('when the agent is unknown, pending or an admin, then 422 on agent and nothing changes', async () => {
    const group = await insertBookableGroup(t.db);
    const pending = await insertAgentWithToken(t.db, { status: 'pending' });
    const [admin] = await t.db.select({ id: users.id }).from(users).where(eq(users.email, ADMIN_EMAIL));
    for (const agentId of ['987654', String(pending.user.id), String(admin!.id)]) {
      const before = await snapshot(t.db, t.app.uploadsDir);
      const response = await postBooking(
        t.app,
        adminToken,
        multipart(bookingFields({ pnr: group.pnr, passengers: [passenger({ type: 'adult' })], extra: { agent: agentId } })),
      );
      expect(response.statusCode).toBe(422);
      expect(response.json().errors).toEqual({ agent: ['The selected agent is invalid.'] });
      expect(await snapshot(t.db, t.app.uploadsDir)).toEqual(before);
    }
  });
});
