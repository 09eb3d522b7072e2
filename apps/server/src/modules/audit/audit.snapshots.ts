import type { AuditKind, AuditSnapshot } from '@portal/contract/audit';
import { asc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { airlines } from '../airlines/airlines.table.js';
import { banners } from '../banners/banners.table.js';
import { bookingPassengers, bookings, type BookingPassengerRow, type BookingRow } from '../bookings/bookings.table.js';
import { dashboardButtons } from '../dashboard-buttons/dashboard-buttons.table.js';
import { groupLegs, groups } from '../groups/groups.table.js';
import { payments } from '../payments/payments.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { settings } from '../settings/settings.table.js';
import { users } from '../users/users.table.js';

/**
 * Columns never copied into the audit trail (decision 035): password hashes, one-time codes, tokens and keys.
 * The audit trail cannot be corrected or erased, so a secret written there would stay for ever.
 */
const SECRET_KEY = /hash|token|secret|idempotency/i;
/** Passport numbers are personal data: kept masked to their last 4 characters (decision 035). */
const PASSPORT_KEY = /^passport_?no$/i;

export function maskPassport(value: string): string {
  const visible = value.slice(-4);
  return `${'•'.repeat(Math.max(0, value.length - visible.length))}${visible}`;
}

function snakeCase(key: string): string {
  return key.replace(/[A-Z]/g, (letter) => `_${letter.toLowerCase()}`);
}

/** A row as audit JSON: snake_case names (the API's), instants as ISO text, secrets out, passports masked. */
export function toAuditJson(row: object): AuditSnapshot {
  const out: AuditSnapshot = {};
  for (const [key, value] of Object.entries(row)) {
    if (SECRET_KEY.test(key)) continue;
    const name = snakeCase(key);
    if (PASSPORT_KEY.test(key) && typeof value === 'string') out[name] = maskPassport(value);
    else if (value instanceof Date) out[name] = value.toISOString();
    else if (Array.isArray(value)) out[name] = value.map((item: unknown) => (item && typeof item === 'object' ? toAuditJson(item) : item));
    else if (value && typeof value === 'object') out[name] = toAuditJson(value);
    else out[name] = value;
  }
  return out;
}

type Reader = (db: Executor, id: number | null) => Promise<object | undefined>;

function bookingRecord(booking: BookingRow, passengers: readonly BookingPassengerRow[]): object {
  return { ...booking, passengers: passengers.map(({ bookingId: _booking, ...passenger }) => passenger) };
}

/**
 * A booking's snapshot from its rows as just written (RETURNING), passengers in position order: what
 * readAuditSnapshot would read back in the same transaction, without reading it (add-booking; issue 20 point 3).
 */
export function toBookingAuditSnapshot(booking: BookingRow, passengers: readonly BookingPassengerRow[]): AuditSnapshot {
  return toAuditJson(bookingRecord(booking, passengers));
}

async function one<T>(rows: Promise<T[]>): Promise<T | undefined> {
  return (await rows)[0];
}

/** How each kind's record is read for its snapshot: the row, with what belongs to it (legs, passengers). */
const READERS: Record<AuditKind, Reader> = {
  group: async (db, id) => {
    const group = await one(db.select().from(groups).where(eq(groups.id, id!)));
    if (!group) return undefined;
    const legs = await db.select().from(groupLegs).where(eq(groupLegs.groupId, id!)).orderBy(asc(groupLegs.position));
    return { ...group, legs: legs.map(({ id: _id, groupId: _group, ...leg }) => leg) };
  },
  booking: async (db, id) => {
    const booking = await one(db.select().from(bookings).where(eq(bookings.id, id!)));
    if (!booking) return undefined;
    const passengers = await db
      .select()
      .from(bookingPassengers)
      .where(eq(bookingPassengers.bookingId, id!))
      .orderBy(asc(bookingPassengers.position), asc(bookingPassengers.id));
    return bookingRecord(booking, passengers);
  },
  payment: (db, id) => one(db.select().from(payments).where(eq(payments.id, id!))),
  agent: (db, id) => one(db.select().from(users).where(eq(users.id, id!))),
  admin: (db, id) => one(db.select().from(users).where(eq(users.id, id!))),
  settings: async (db) => {
    const rows = await db.select().from(settings).orderBy(asc(settings.key));
    return Object.fromEntries(rows.map((row) => [row.key, row.value]));
  },
  banner: (db, id) => one(db.select().from(banners).where(eq(banners.id, id!))),
  dashboard_button: (db, id) => one(db.select().from(dashboardButtons).where(eq(dashboardButtons.id, id!))),
  airline: (db, id) => one(db.select().from(airlines).where(eq(airlines.id, id!))),
  sector: (db, id) => one(db.select().from(sectors).where(eq(sectors.id, id!))),
};

/** The record's audit snapshot as it is now in this transaction; null when there is none. */
export async function readAuditSnapshot(db: Executor, kind: AuditKind, id: number | null): Promise<AuditSnapshot | null> {
  const row = await READERS[kind](db, id);
  return row ? toAuditJson(row) : null;
}
