import { randomBytes } from 'node:crypto';
import { readdir } from 'node:fs/promises';
import path from 'node:path';
import type { AuditSnapshot } from '@portal/contract/audit';
import { asc, count, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { createPng } from '../../db/seed/png.js';
import { airlines } from '../airlines/airlines.table.js';
import { toAuditJson } from '../audit/audit.json.js';
import { insertToken } from '../auth/auth.repository.js';
import { hashToken } from '../auth/auth.usecases.js';
import { files } from '../files/files.table.js';
import { groupLegs, groups, type GroupRow } from '../groups/groups.table.js';
import { mySectors } from '../my-sectors/my-sectors.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { nextAgentIdSql, users, type UserRow } from '../users/users.table.js';
import { bookingPassengers, bookings } from './bookings.table.js';

// Test-only fixtures of the booking tests (issue 4): groups with legs, agents with tokens, add-booking forms.
// Self-contained (no import from src/test, which the server build excludes); the tests encode the forms
// with multipart() from src/test/helpers.ts.

/** A file part as multipart() of src/test/helpers.ts takes it. */
export interface FilePart {
  filename: string;
  contentType?: string;
  data: Buffer;
}

const KARACHI_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD, `days` after today in Asia/Karachi. */
export function daysFromToday(days: number): string {
  const [year, month, day] = KARACHI_DATE.format(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

let colourSeed = 0;
/** A real PNG, different on every call, so two scans are two files. */
export function uniquePngFile(filename = 'passport.png'): FilePart {
  colourSeed += 1;
  const colour = `#${((colourSeed * 2_654_435_761) % 0xffffff).toString(16).padStart(6, '0')}`;
  return { filename, contentType: 'image/png', data: createPng({ width: 2, height: 2, colour }) };
}

function randomCode(): string {
  return Array.from(randomBytes(3), (byte) => String.fromCharCode(65 + (byte % 26))).join('');
}

async function insertSectorRow(db: Database): Promise<number> {
  const [from, to] = [randomCode(), randomCode()];
  const [row] = await db
    .insert(sectors)
    .values({ fromSector: from, toSector: to, fromCity: `${from} CITY`, toCity: `${to} CITY`, status: true })
    .returning({ id: sectors.id });
  return row!.id;
}

let pnrSeed = 0;

/**
 * A bookable group inserted straight with drizzle: one leg on `firstDay` (days from today, Asia/Karachi), or
 * with `returnDay` a second leg back that lands on that day (the last travel date).
 */
export async function insertBookableGroup(
  db: Database,
  {
    totalTicket = 5,
    price = 100_000,
    infantPrice = 20_000,
    firstDay = 30,
    returnDay,
    closed = false,
    deleted = false,
  }: {
    totalTicket?: number;
    price?: number;
    infantPrice?: number;
    firstDay?: number;
    returnDay?: number;
    closed?: boolean;
    deleted?: boolean;
  } = {},
): Promise<GroupRow> {
  pnrSeed += 1;
  const [out, back] = [await insertSectorRow(db), await insertSectorRow(db)];
  const [airline] = await db.insert(airlines).values({ fullName: 'Test Airways', shortName: 'TA', status: true }).returning({ id: airlines.id });
  const [mySector] = await db.insert(mySectors).values({ name: 'Umrah Jeddah', status: true }).returning({ id: mySectors.id });
  const firstDate = daysFromToday(firstDay);
  const [group] = await db
    .insert(groups)
    .values({
      pnr: `BK${pnrSeed}${randomBytes(2).toString('hex').toUpperCase()}`,
      airlineId: airline!.id,
      mySectorId: mySector!.id,
      ticketType: returnDay === undefined ? 1 : 2,
      direction: 1,
      ticketsWehave: Math.max(totalTicket, 1),
      totalTicket,
      price,
      infantPrice,
      closeStatus: closed,
      departureDate: firstDate,
      deletedAt: deleted ? new Date() : null,
    })
    .returning();
  const leg = { flightNumber: 'PK 701', baggageKg: 30, handCarryKg: 7, departureTime: '03:15', arrivalTime: '08:45' };
  const legs = [{ ...leg, position: 0, sectorId: out, departureDate: firstDate, arrivalDate: firstDate }];
  if (returnDay !== undefined) {
    const backDate = daysFromToday(returnDay);
    legs.push({ ...leg, position: 1, sectorId: back, departureDate: backDate, arrivalDate: backDate });
  }
  await db.insert(groupLegs).values(
    legs.map((row) => ({ ...row, groupId: group!.id, departureAirport: 'ALLAMA IQBAL INTL', arrivalAirport: 'KING ABDULAZIZ INTL' })),
  );
  return group!;
}

/** An approved agent with a bearer token, without a password (no scrypt: the oversell test makes twenty). */
export async function insertAgentWithToken(
  db: Database,
  { name = 'Fixture Agent', agencyName = 'Fixture Travels', status = 'approved' as 'approved' | 'pending' | 'rejected' } = {},
): Promise<{ user: UserRow; token: string }> {
  const [user] = await db
    .insert(users)
    .values({
      role: 'user',
      name,
      email: `fixture-${randomBytes(5).toString('hex')}@example.com`,
      activeStatus: status,
      agentId: nextAgentIdSql,
      agencyName,
      source: 'admin',
    })
    .returning();
  const token = randomBytes(32).toString('base64url');
  await insertToken({ db, userId: user!.id, tokenHash: hashToken(token), userAgent: null });
  return { user: user!, token };
}

export interface PassengerForm {
  type: 'adult' | 'child' | 'infant' | string;
  title?: string;
  firstname?: string;
  lastname?: string;
  /** YYYY-MM-DD. */
  dob?: string;
  passport_no?: string;
  passport_expiry_date?: string;
  /** null: no file part. */
  passport_img?: FilePart | null;
  visa_copy?: FilePart | null;
}

const DEFAULT_DOB: Record<string, string> = {
  adult: daysFromToday(-365 * 30),
  child: daysFromToday(-365 * 7),
  infant: daysFromToday(-200),
};
const DEFAULT_TITLE: Record<string, string> = { adult: 'Mr', child: 'Mstr', infant: 'Inf' };

let passportSeed = 0;
/** A passport number no other call of this test file gets (PRODUCT §6: one passport per live booking of a group). */
export function uniquePassportNo(): string {
  passportSeed += 1;
  return `PK${String(passportSeed).padStart(7, '0')}`;
}

/** A passenger with valid defaults for its type; each call gets its own PNG and passport number unless given them. */
export function passenger(overrides: PassengerForm): Required<PassengerForm> {
  return {
    title: DEFAULT_TITLE[overrides.type] ?? 'Mr',
    firstname: 'Ali',
    lastname: 'Khan',
    dob: DEFAULT_DOB[overrides.type] ?? DEFAULT_DOB.adult!,
    passport_no: uniquePassportNo(),
    passport_expiry_date: daysFromToday(3 * 365),
    passport_img: uniquePngFile(),
    visa_copy: null,
    ...overrides,
  };
}

/** The per-passenger arrays of add-booking and booking-update (`type[]`, `titles[]`, …), one passenger after another; a field not given is sent empty. */
export function passengerFields(passengers: PassengerForm[]): Array<[string, string]> {
  return passengers.flatMap((item): Array<[string, string]> => [
    ['type[]', item.type],
    ['titles[]', item.title ?? ''],
    ['firstname[]', item.firstname ?? ''],
    ['lastname[]', item.lastname ?? ''],
    ['dob[]', item.dob ?? ''],
    ['passport_no[]', item.passport_no ?? ''],
    ['passport_expiry_date[]', item.passport_expiry_date ?? ''],
  ]);
}

/**
 * add-booking fields as the seed's dialog sends them: scalars, then per-passenger arrays (`titles[]`, …,
 * files as `passport_img[]`, visa copies as `visa_copy[N]`).
 */
export function bookingFields(
  { pnr, passengers, extra = {} }: { pnr: string; passengers: Array<Required<PassengerForm>>; extra?: Record<string, string> },
): Array<[string, string | FilePart]> {
  const fields: Array<[string, string | FilePart]> = [
    ['pnr', pnr],
    ['agent', '0'],
    ['walking', '0'],
    ['confirmed', '1'],
    ['total_amount', '1'],
    ['received_amount', '0'],
    ['remaining_amount', '1'],
    ['remarks', ''],
  ];
  for (const [name, value] of Object.entries(extra)) {
    const index = fields.findIndex(([existing]) => existing === name);
    if (index >= 0) fields[index] = [name, value];
    else fields.push([name, value]);
  }
  fields.push(...passengerFields(passengers));
  passengers.forEach((item) => {
    if (item.passport_img) fields.push(['passport_img[]', item.passport_img]);
  });
  passengers.forEach((item, index) => {
    if (item.visa_copy) fields.push([`visa_copy[${index}]`, item.visa_copy]);
  });
  return fields;
}

/** POSTs an add-booking form encoded by multipart() of src/test/helpers.ts. */
export function postBooking(
  app: FastifyInstance,
  token: string,
  form: { payload: string | Buffer; headers: Record<string, string> },
  headers: Record<string, string> = {},
) {
  return app.inject({
    method: 'POST',
    url: '/api/add-booking',
    payload: form.payload,
    headers: { ...form.headers, authorization: `Bearer ${token}`, ...headers },
  });
}

export function checkAvailability(app: FastifyInstance, token: string | undefined, body: Record<string, unknown>) {
  return app.inject({
    method: 'POST',
    url: '/api/check-availbility',
    payload: body,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
}

/** Rows and files a refused booking must not change. */
export async function snapshot(db: Database, uploadsDir: string) {
  const [bookingCount] = await db.select({ value: count() }).from(bookings);
  const [passengerCount] = await db.select({ value: count() }).from(bookingPassengers);
  const [fileCount] = await db.select({ value: count() }).from(files);
  return {
    bookings: Number(bookingCount!.value),
    passengers: Number(passengerCount!.value),
    files: Number(fileCount!.value),
    storedFiles: await listStoredFiles(uploadsDir),
  };
}

async function listStoredFiles(uploadsDir: string): Promise<string[]> {
  const found: string[] = [];
  for (const kind of ['passport', 'visa']) {
    const folder = path.join(uploadsDir, 'private', kind);
    const names = await readdir(folder).catch(() => [] as string[]);
    found.push(...names.map((name) => `${kind}/${name}`));
  }
  return found.sort();
}

export async function findBooking(db: Database, id: number) {
  const [row] = await db.select().from(bookings).where(eq(bookings.id, id));
  return row;
}

/**
 * The reference the SQL-made booking snapshots are checked against (decisions 048, 067): the booking row and its
 * passengers read through Drizzle, in position order without their booking_id, made audit JSON by toAuditJson.
 */
export async function referenceBookingSnapshot(db: Database, id: number): Promise<AuditSnapshot | null> {
  const booking = await findBooking(db, id);
  if (!booking) return null;
  const passengers = await db
    .select()
    .from(bookingPassengers)
    .where(eq(bookingPassengers.bookingId, id))
    .orderBy(asc(bookingPassengers.position), asc(bookingPassengers.id));
  return toAuditJson({ ...booking, passengers: passengers.map(({ bookingId: _booking, ...passenger }) => passenger) });
}

export async function soldSeats(db: Database, groupId: number): Promise<number> {
  const rows = await db.select().from(bookings).where(eq(bookings.groupId, groupId));
  return rows.filter((row) => !row.cancelStatus).reduce((sum, row) => sum + row.adults + row.children, 0);
}

/** YYYY-MM-DD `years` whole years and `days` days before `date` (negative days: after). */
export function yearsBefore(date: string, years: number, days = 0): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year - years, month - 1, day - days)).toISOString().slice(0, 10);
}

/**
 * Tests that fill the PostgreSQL pool: when the test database is dropped at close, clients the pool is still
 * ending get 57P01 and the pool, which has no 'error' listener (db/database.ts), would raise it as an
 * unhandled error. Listening here keeps the run clean; the server itself should listen too (reported).
 */
export function ignorePoolErrorsAtClose(db: Database): void {
  const client = (db as unknown as { $client?: { on?: (event: string, listener: () => void) => void } }).$client;
  if (process.env.TEST_DB === 'postgres' && typeof client?.on === 'function') client.on('error', () => undefined);
}
