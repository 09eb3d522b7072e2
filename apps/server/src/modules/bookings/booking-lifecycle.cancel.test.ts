import {
  AGENT_CANCEL_HOLD_ONLY_MESSAGE,
  BOOKING_ALREADY_CANCELLED_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  CANCEL_AT_INVALID_MESSAGE,
  CANCEL_AT_PAST_MESSAGE,
  HOLD_ONLY_MESSAGE,
  HOLD_TIME_UPDATED_MESSAGE,
  TICKET_CANCELLED_MESSAGE,
} from '@portal/contract/booking-lifecycle';
import { and, asc, eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { ledgerEntries } from '../ledger/ledger.table.js';
import type { UserRow } from '../users/users.table.js';
import { bookings } from './bookings.table.js';
import {
  daysFromToday,
  insertTestBooking,
  insertTestGroup,
  insertUserWithToken,
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
  group = await insertTestGroup(t.db, { totalTicket: 100, price: 100_000 });
});
afterAll(() => t.close());

async function booking({
  owner = agentA,
  state = 'hold',
  adults = 1,
  discount = 0,
}: { owner?: { user: UserRow } | null; state?: TestBookingState; adults?: number; discount?: number } = {}): Promise<number> {
  const { booking: row } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group: group.group,
    addedBy: owner?.user.id ?? admin.user.id,
    agentUserId: owner?.user.id ?? null,
    state,
    adults,
    discount,
  });
  return row.id;
}

function cancel(id: number | string, token: string | null) {
  return t.app.inject({ method: 'GET', url: `/api/cancelbooking/${id}`, headers: token ? bearer(token) : {} });
}

function holdTime(payload: Record<string, unknown>, token: string | null = admin.token) {
  return t.app.inject({ method: 'POST', url: '/api/hold-time-update', payload, headers: token ? bearer(token) : {} });
}

async function bookingRow(id: number) {
  const [row] = await t.db.select().from(bookings).where(eq(bookings.id, id));
  return row!;
}

async function ledgerOf(id: number) {
  return t.db
    .select({ type: ledgerEntries.type, amount: ledgerEntries.amount, entryDate: ledgerEntries.entryDate })
    .from(ledgerEntries)
    .where(eq(ledgerEntries.bookingId, id))
    .orderBy(asc(ledgerEntries.id));
}

async function soldSeats(): Promise<number> {
  const [row] = await t.db
    .select({ sold: sql<number>`coalesce(sum(${bookings.adults} + ${bookings.children}), 0)::int` })
    .from(bookings)
    .where(and(eq(bookings.groupId, group.group.id), eq(bookings.cancelStatus, false)));
  return Number(row!.sold);
}

describe('GET /api/cancelbooking/{id}: agents', () => {
  it('when an agent cancels its own hold, then it is cancelled by it, the seats return and no ledger row is posted', async () => {
    const id = await booking({ adults: 3 });
    const before = await soldSeats();
    const response = await cancel(id, agentA.token);
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: TICKET_CANCELLED_MESSAGE });
    const row = await bookingRow(id);
    expect(row).toMatchObject({ cancelStatus: true, cancelledBy: agentA.user.id });
    expect(row.cancelledAt).toBeInstanceOf(Date);
    expect(await soldSeats()).toBe(before - 3);
    expect(await ledgerOf(id)).toEqual([]);
  });

  it('when an agent cancels its own confirmed booking, then 403 and it stays', async () => {
    const id = await booking({ state: 'confirmed' });
    const response = await cancel(id, agentA.token);
    expect(response.statusCode).toBe(403);
    expect(response.json().message).toBe(AGENT_CANCEL_HOLD_ONLY_MESSAGE);
    expect((await bookingRow(id)).cancelStatus).toBe(false);
  });

  it("when an agent cancels another agent's booking or a walk-in, then 403 and it stays", async () => {
    const others = await booking({ owner: agentB });
    const walkIn = await booking({ owner: null });
    expect((await cancel(others, agentA.token)).statusCode).toBe(403);
    expect((await cancel(walkIn, agentA.token)).statusCode).toBe(403);
    expect((await bookingRow(others)).cancelStatus).toBe(false);
    expect((await bookingRow(walkIn)).cancelStatus).toBe(false);
  });

  it('when an agent cancels its own booking twice, then the second answers 409', async () => {
    const id = await booking();
    expect((await cancel(id, agentA.token)).statusCode).toBe(200);
    const again = await cancel(id, agentA.token);
    expect(again.statusCode).toBe(409);
    expect(again.json().message).toBe(BOOKING_ALREADY_CANCELLED_MESSAGE);
  });
});

describe('GET /api/cancelbooking/{id}: admins', () => {
  it('when the admin cancels a confirmed agent booking, then a reversal of its final total is posted today', async () => {
    const id = await booking({ state: 'confirmed', adults: 2, discount: 15_000 });
    expect((await cancel(id, admin.token)).statusCode).toBe(200);
    expect(await bookingRow(id)).toMatchObject({ cancelStatus: true, cancelledBy: admin.user.id, confirmed: true });
    expect(await ledgerOf(id)).toEqual([{ type: 'reversal', amount: 185_000, entryDate: daysFromToday(0) }]);
  });

  it('when the admin cancels a hold or a confirmed walk-in sale, then no ledger row is posted', async () => {
    const hold = await booking({ owner: agentB });
    const walkIn = await booking({ owner: null, state: 'confirmed' });
    expect((await cancel(hold, admin.token)).statusCode).toBe(200);
    expect((await cancel(walkIn, admin.token)).statusCode).toBe(200);
    expect(await ledgerOf(hold)).toEqual([]);
    expect(await ledgerOf(walkIn)).toEqual([]);
  });

  it('when the booking is already cancelled, then 409; unknown 404; a bad id 422; nobody 401', async () => {
    const id = await booking({ state: 'cancelled_after_charge' });
    const response = await cancel(id, admin.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().message).toBe(BOOKING_ALREADY_CANCELLED_MESSAGE);
    expect(await ledgerOf(id)).toEqual([]);
    const unknown = await cancel(999_999, admin.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().message).toBe(BOOKING_NOT_FOUND_MESSAGE);
    expect((await cancel(999_999, agentA.token)).statusCode).toBe(404);
    expect((await cancel('abc', admin.token)).statusCode).toBe(422);
    expect((await cancel(id, null)).statusCode).toBe(401);
  });

  it('when two cancels of a confirmed booking race, then one succeeds, one answers 409 and one reversal is posted', async () => {
    const id = await booking({ state: 'confirmed' });
    const answers = await Promise.all([cancel(id, admin.token), cancel(id, admin.token)]);
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409]);
    expect((await ledgerOf(id)).map((row) => row.type)).toEqual(['reversal']);
  });
});

describe('POST /api/hold-time-update', () => {
  it('when the admin sends a Karachi local time ahead, then cancel_at is that instant and the booking is edited by the admin', async () => {
    const id = await booking();
    const day = daysFromToday(2);
    const response = await holdTime({ booking_id: id, cancel_at: `${day} 18:30` });
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json()).toEqual({ message: HOLD_TIME_UPDATED_MESSAGE });
    const row = await bookingRow(id);
    expect(row.cancelAt?.toISOString()).toBe(`${day}T13:30:00.000Z`);
    expect(row.editedBy).toBe(admin.user.id);

    const iso = new Date(Date.now() + 86_400_000);
    iso.setUTCMilliseconds(0);
    expect((await holdTime({ booking_id: id, cancel_at: iso.toISOString() })).statusCode).toBe(200);
    expect((await bookingRow(id)).cancelAt?.toISOString()).toBe(iso.toISOString());
    expect((await holdTime({ booking_id: id, cancel_at: `${day}T09:05` })).statusCode).toBe(200);
    expect((await bookingRow(id)).cancelAt?.toISOString()).toBe(`${day}T04:05:00.000Z`);
  });

  it('when the time is past, malformed or missing, then 422 on cancel_at and nothing changes', async () => {
    const id = await booking();
    const before = (await bookingRow(id)).cancelAt?.toISOString();
    const past = await holdTime({ booking_id: id, cancel_at: `${daysFromToday(-1)} 10:00` });
    expect(past.statusCode).toBe(422);
    expect(past.json().errors.cancel_at).toEqual([CANCEL_AT_PAST_MESSAGE]);
    const bad = await holdTime({ booking_id: id, cancel_at: '2030-02-30 10:00' });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors.cancel_at).toEqual([CANCEL_AT_INVALID_MESSAGE]);
    const missing = await holdTime({ booking_id: id });
    expect(missing.json().errors.cancel_at).toEqual(['The cancel at field is required.']);
    expect((await bookingRow(id)).cancelAt?.toISOString()).toBe(before);
  });

  it('when the booking is not on hold, then 409', async () => {
    for (const state of ['confirmed', 'cancelled'] as const) {
      const id = await booking({ state });
      const response = await holdTime({ booking_id: id, cancel_at: `${daysFromToday(1)} 10:00` });
      expect(response.statusCode).toBe(409);
      expect(response.json().message).toBe(HOLD_ONLY_MESSAGE);
    }
  });

  it('when an agent or nobody asks, or the booking is unknown, then 403, 401 or 404', async () => {
    const id = await booking();
    const payload = { booking_id: id, cancel_at: `${daysFromToday(1)} 10:00` };
    expect((await holdTime(payload, agentA.token)).statusCode).toBe(403);
    expect((await holdTime(payload, null)).statusCode).toBe(401);
    expect((await holdTime({ ...payload, booking_id: 999_999 })).statusCode).toBe(404);
  });
});
