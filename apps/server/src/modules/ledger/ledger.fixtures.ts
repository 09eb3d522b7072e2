import { and, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { bookingFields, passenger, postBooking, type FilePart } from '../bookings/bookings.fixtures.js';
import { ledgerEntries, type LedgerEntryType } from './ledger.table.js';

// Test-only helpers of the ledger tests (issue 5): bookings made, confirmed and cancelled through the real
// HTTP calls, so the ledger rows are the ones the booking use cases post. Self-contained (no import from
// src/test, which the server build excludes); callers pass multipart() from src/test/helpers.ts.

type Multipart = (fields: Array<[string, string | FilePart]>) => { payload: string | Buffer; headers: Record<string, string> };

/** add-booking by an agent (its own Hold); answers the new booking's id. */
export async function bookAsAgent(
  app: FastifyInstance,
  multipart: Multipart,
  { token, pnr, adults = 1, infants = 0 }: { token: string; pnr: string; adults?: number; infants?: number },
): Promise<number> {
  const passengers = [
    ...Array.from({ length: adults }, () => passenger({ type: 'adult' })),
    ...Array.from({ length: infants }, () => passenger({ type: 'infant' })),
  ];
  const response = await postBooking(app, token, multipart(bookingFields({ pnr, passengers })));
  if (response.statusCode !== 201) throw new Error(`add-booking failed: ${response.statusCode} ${response.body}`);
  return (response.json() as { data: { id: number } }).data.id;
}

export async function confirmAsAdmin(
  app: FastifyInstance,
  { token, bookingId, discount = 0, receivePayment = 0 }: { token: string; bookingId: number; discount?: number; receivePayment?: number },
): Promise<void> {
  const response = await app.inject({
    method: 'POST',
    url: '/api/confirmbooking',
    payload: { booking_id: bookingId, discount, receive_payment: receivePayment },
    headers: { authorization: `Bearer ${token}` },
  });
  if (response.statusCode !== 200) throw new Error(`confirmbooking failed: ${response.statusCode} ${response.body}`);
}

export async function cancelAsAdmin(app: FastifyInstance, { token, bookingId }: { token: string; bookingId: number }): Promise<void> {
  const response = await app.inject({ method: 'GET', url: `/api/cancelbooking/${bookingId}`, headers: { authorization: `Bearer ${token}` } });
  if (response.statusCode !== 200) throw new Error(`cancelbooking failed: ${response.statusCode} ${response.body}`);
}

/** Moves a posted row to another accounting date (the use cases post today's date) and answers its id. */
export async function setEntryDate(
  db: Database,
  { bookingId, type, date }: { bookingId: number; type: LedgerEntryType; date: string },
): Promise<number> {
  const [row] = await db
    .update(ledgerEntries)
    .set({ entryDate: date })
    .where(and(eq(ledgerEntries.bookingId, bookingId), eq(ledgerEntries.type, type)))
    .returning({ id: ledgerEntries.id });
  if (!row) throw new Error(`no ${type} row for booking ${bookingId}`);
  return row.id;
}
