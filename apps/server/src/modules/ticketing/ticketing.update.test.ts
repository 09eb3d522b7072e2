import { asc, eq, gt } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertTestBooking, insertTestGroup, insertUserWithToken, type TestBookingState, type TestGroup } from '../bookings/booking-lifecycle.factories.js';
import { bookingPassengers } from '../bookings/bookings.table.js';
import { notifications } from '../notifications/notifications.table.js';
import type { UserRow } from '../users/users.table.js';

// update-ticket-numbers (PRODUCT §6 "Ticket numbers", decision 031): 13 digits, unique in the system, confirmed live
// bookings only; the derived `ticketed` flag on the lists and the detail; the agent told once.

let t: TestApp;
let admin: { user: UserRow; token: string };
let agent: { user: UserRow; token: string };
let group: TestGroup;
let serial = 1_000_000;

/** A fresh 13-digit number per call. */
function ticketNo(): string {
  serial += 1;
  return `157240${serial}`;
}

beforeAll(async () => {
  t = await buildTestApp();
  admin = await insertUserWithToken(t.db, { role: 'admin', name: 'Sana Admin' });
  agent = await insertUserWithToken(t.db, { name: 'Imran Qureshi', agencyName: 'Al-Haram Travels' });
  group = await insertTestGroup(t.db, { totalTicket: 100 });
});
afterAll(() => t.close());

async function booking({ state = 'confirmed', adults = 2, infants = 0 }: { state?: TestBookingState; adults?: number; infants?: number } = {}) {
  const { booking: row, passengerIds } = await insertTestBooking(t.db, {
    uploadsDir: t.app.uploadsDir,
    group: group.group,
    addedBy: agent.user.id,
    agentUserId: agent.user.id,
    state,
    adults,
    infants,
  });
  return { id: row.id, passengerIds };
}

function update(payload: unknown, token = admin.token) {
  return t.app.inject({ method: 'POST', url: '/api/update-ticket-numbers', payload: payload as Record<string, unknown>, headers: bearer(token) });
}

async function storedNumbers(passengerIds: number[]) {
  const rows = await t.db.select({ id: bookingPassengers.id, ticketNo: bookingPassengers.ticketNo }).from(bookingPassengers).orderBy(asc(bookingPassengers.id));
  return passengerIds.map((id) => rows.find((row) => row.id === id)?.ticketNo ?? null);
}

async function lastNotificationId(): Promise<number> {
  const rows = await t.db.select({ id: notifications.id }).from(notifications).orderBy(asc(notifications.id));
  return rows.at(-1)?.id ?? 0;
}

describe('update-ticket-numbers', () => {
  it('when an admin gives every passenger a number, then they are stored, the booking reads ticketed and the agent is told once', async () => {
    const { id, passengerIds } = await booking();
    const numbers = [ticketNo(), ticketNo()];
    const mark = await lastNotificationId();

    const first = await update({ booking_id: id, tickets: [{ passenger_id: passengerIds[0], ticket_no: numbers[0] }] });
    expect(first.statusCode).toBe(200);
    expect(first.json()).toEqual({ message: 'Ticket numbers saved successfully!', data: { booking_id: id, ticketed: 0 } });

    // Spaces and the hyphen after the airline code are dropped.
    const typed = `${numbers[1]!.slice(0, 3)}-${numbers[1]!.slice(3, 7)} ${numbers[1]!.slice(7)}`;
    const second = await update({ booking_id: id, tickets: [{ passenger_id: passengerIds[1], ticket_no: typed }] });
    expect(second.json()).toEqual({ message: 'Ticket numbers saved successfully!', data: { booking_id: id, ticketed: 1 } });
    expect(await storedNumbers(passengerIds)).toEqual(numbers);

    const told = await t.db.select().from(notifications).where(gt(notifications.id, mark));
    expect(told.map((row) => [row.userId, row.bookingId, row.message])).toEqual([
      [agent.user.id, id, `Your booking #${id} (PNR ${group.group.pnr}) is ticketed`],
    ]);

    // Saving again changes nothing and tells nobody again.
    const again = await update({ booking_id: id, tickets: [{ passenger_id: passengerIds[1], ticket_no: numbers[1] }] });
    expect(again.json()).toMatchObject({ data: { ticketed: 1 } });
    expect(await t.db.select().from(notifications).where(gt(notifications.id, mark))).toHaveLength(1);
  });

  it('when the booking is ticketed, then the lists, the detail and the PNR page say so, with each number', async () => {
    const { id, passengerIds } = await booking();
    const numbers = [ticketNo(), ticketNo()];
    await update({ booking_id: id, tickets: passengerIds.map((passenger_id, index) => ({ passenger_id, ticket_no: numbers[index] })) });

    const list = await t.app.inject({ method: 'GET', url: `/api/agnetlistofbookings?booking_id=${id}`, headers: bearer(agent.token) });
    expect(list.json().data).toEqual([expect.objectContaining({ id, confirmed: 1, cancel_status: 0, ticketed: 1 })]);
    const detail = await t.app.inject({ method: 'POST', url: '/api/agent-booking-detail', payload: { booking_id: id }, headers: bearer(agent.token) });
    expect(detail.json().data).toMatchObject({ ticketed: 1 });
    expect(detail.json().data.booking_sub.map((passenger: { ticket_no: string | null }) => passenger.ticket_no)).toEqual(numbers);
    const pnr = await t.app.inject({ method: 'POST', url: '/api/pnr-details', payload: { pnr: group.group.pnr }, headers: bearer(admin.token) });
    expect(pnr.json().results.find((row: { id: number }) => row.id === id)).toMatchObject({ ticketed: 1 });
  });

  it('when a number is cleared, then the booking is no longer ticketed', async () => {
    const { id, passengerIds } = await booking({ adults: 1 });
    await update({ booking_id: id, tickets: [{ passenger_id: passengerIds[0], ticket_no: ticketNo() }] });
    const cleared = await update({ booking_id: id, tickets: [{ passenger_id: passengerIds[0], ticket_no: '' }] });
    expect(cleared.json()).toMatchObject({ data: { ticketed: 0 } });
    expect(await storedNumbers(passengerIds)).toEqual([null]);
  });

  it('when two passengers swap numbers in one request, then both are saved', async () => {
    const { id, passengerIds } = await booking();
    const numbers = [ticketNo(), ticketNo()];
    await update({ booking_id: id, tickets: passengerIds.map((passenger_id, index) => ({ passenger_id, ticket_no: numbers[index] })) });
    const swapped = await update({
      booking_id: id,
      tickets: [
        { passenger_id: passengerIds[0], ticket_no: numbers[1] },
        { passenger_id: passengerIds[1], ticket_no: numbers[0] },
      ],
    });
    expect(swapped.statusCode).toBe(200);
    expect(await storedNumbers(passengerIds)).toEqual([numbers[1], numbers[0]]);
  });

  it('when a number is not 13 digits, then 422 on that ticket and nothing is saved', async () => {
    const { id, passengerIds } = await booking();
    for (const bad of ['157240123456', '15724012345678', '157240123456X']) {
      const response = await update({
        booking_id: id,
        tickets: [
          { passenger_id: passengerIds[0], ticket_no: ticketNo() },
          { passenger_id: passengerIds[1], ticket_no: bad },
        ],
      });
      expect(response.statusCode).toBe(422);
      expect(response.json()).toEqual({
        message: 'The ticket number must be 13 digits.',
        errors: { 'tickets.1.ticket_no': ['The ticket number must be 13 digits.'] },
      });
    }
    expect(await storedNumbers(passengerIds)).toEqual([null, null]);
  });

  it('when one request gives a number twice, then 422 on the second', async () => {
    const { id, passengerIds } = await booking();
    const number = ticketNo();
    const response = await update({ booking_id: id, tickets: passengerIds.map((passenger_id) => ({ passenger_id, ticket_no: number })) });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: `Ticket number ${number} is given twice.`,
      errors: { 'tickets.1.ticket_no': [`Ticket number ${number} is given twice.`] },
    });
  });

  it('when another passenger already holds the number, then 422 and nothing is saved', async () => {
    const holder = await booking({ adults: 1 });
    const number = ticketNo();
    await update({ booking_id: holder.id, tickets: [{ passenger_id: holder.passengerIds[0], ticket_no: number }] });
    const { id, passengerIds } = await booking();
    const response = await update({
      booking_id: id,
      tickets: [
        { passenger_id: passengerIds[0], ticket_no: ticketNo() },
        { passenger_id: passengerIds[1], ticket_no: number },
      ],
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: `Ticket number ${number} is already issued to another passenger.`,
      errors: { 'tickets.1.ticket_no': [`Ticket number ${number} is already issued to another passenger.`] },
    });
    expect(await storedNumbers(passengerIds)).toEqual([null, null]);
  });

  it("when the passenger is another booking's, then 422 on its id", async () => {
    const other = await booking({ adults: 1 });
    const { id } = await booking({ adults: 1 });
    const response = await update({ booking_id: id, tickets: [{ passenger_id: other.passengerIds[0], ticket_no: ticketNo() }] });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The passenger is not on this booking.',
      errors: { 'tickets.0.passenger_id': ['The passenger is not on this booking.'] },
    });
  });

  it('when the booking is on hold or cancelled, then 409; when unknown, 404', async () => {
    const hold = await booking({ state: 'hold', adults: 1 });
    const onHold = await update({ booking_id: hold.id, tickets: [{ passenger_id: hold.passengerIds[0], ticket_no: ticketNo() }] });
    expect(onHold.statusCode).toBe(409);
    expect(onHold.json()).toEqual({ message: 'Only confirmed bookings can be ticketed.' });

    const cancelled = await booking({ state: 'cancelled', adults: 1 });
    const response = await update({ booking_id: cancelled.id, tickets: [{ passenger_id: cancelled.passengerIds[0], ticket_no: ticketNo() }] });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This booking is already cancelled.' });

    const unknown = await update({ booking_id: 2_000_000_000, tickets: [{ passenger_id: 1, ticket_no: ticketNo() }] });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({ message: 'Booking not found.' });
    expect(await storedNumbers([...hold.passengerIds, ...cancelled.passengerIds])).toEqual([null, null]);
  });

  it('when tickets are missing, then 422; when an agent calls, then 403', async () => {
    const { id, passengerIds } = await booking({ adults: 1 });
    const missing = await update({ booking_id: id });
    expect(missing.statusCode).toBe(422);
    expect(missing.json()).toEqual({ message: 'The tickets field is required.', errors: { tickets: ['The tickets field is required.'] } });
    const byAgent = await update({ booking_id: id, tickets: [{ passenger_id: passengerIds[0], ticket_no: ticketNo() }] }, agent.token);
    expect(byAgent.statusCode).toBe(403);
    expect(await storedNumbers(passengerIds)).toEqual([null]);
  });
});

describe('the database', () => {
  it('when a number is written past the API, then the unique index and the check refuse a duplicate and a bad one', async () => {
    const first = await booking({ adults: 1 });
    const second = await booking({ adults: 1 });
    const number = ticketNo();
    await t.db.update(bookingPassengers).set({ ticketNo: number }).where(eq(bookingPassengers.id, first.passengerIds[0]!));
    await expect(
      t.db.update(bookingPassengers).set({ ticketNo: number }).where(eq(bookingPassengers.id, second.passengerIds[0]!)),
    ).rejects.toThrow();
    await expect(
      t.db.update(bookingPassengers).set({ ticketNo: '12345' }).where(eq(bookingPassengers.id, second.passengerIds[0]!)),
    ).rejects.toThrow();
  });
});
