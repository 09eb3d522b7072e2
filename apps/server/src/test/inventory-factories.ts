import { randomBytes } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { expect } from 'vitest';
import type { Database } from '../db/database.js';
import { airlines } from '../modules/airlines/airlines.table.js';
import { bookings } from '../modules/bookings/bookings.table.js';
import { files } from '../modules/files/files.table.js';
import { mySectors } from '../modules/my-sectors/my-sectors.table.js';
import { sectors } from '../modules/sectors/sectors.table.js';
import { users } from '../modules/users/users.table.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, multipart, type TestApp } from './helpers.js';

/** Inventory rows inserted straight through drizzle, so group tests do not depend on the airline/sector APIs. */

function randomCode(): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(randomBytes(3), (byte) => letters[byte % letters.length]).join('');
}

export async function insertAirline(
  db: Database,
  { fullName = 'Test Airways', status = true, deleted = false, logoPath = null as string | null } = {},
): Promise<number> {
  let logoFileId: number | null = null;
  if (logoPath) {
    const [file] = await db
      .insert(files)
      .values({ kind: 'airline_logo', storagePath: logoPath, originalName: 'logo.png', mime: 'image/png', size: 10, visibility: 'public' })
      .returning({ id: files.id });
    logoFileId = file!.id;
  }
  const [row] = await db
    .insert(airlines)
    .values({ fullName, shortName: fullName.slice(0, 2).toUpperCase(), status, logoFileId, deletedAt: deleted ? new Date() : null })
    .returning({ id: airlines.id });
  return row!.id;
}

export async function insertSector(
  db: Database,
  { from = randomCode(), to = randomCode(), status = true, deleted = false } = {},
): Promise<number> {
  const [row] = await db
    .insert(sectors)
    .values({ fromSector: from, toSector: to, fromCity: `${from} CITY`, toCity: `${to} CITY`, status, deletedAt: deleted ? new Date() : null })
    .returning({ id: sectors.id });
  return row!.id;
}

export async function insertMySector(
  db: Database,
  { name = 'Umrah Jeddah', status = true, deleted = false } = {},
): Promise<number> {
  const [row] = await db
    .insert(mySectors)
    .values({ name, status, deletedAt: deleted ? new Date() : null })
    .returning({ id: mySectors.id });
  return row!.id;
}

export interface TestInventory {
  airlineId: number;
  mySectorId: number;
  /** Four live sectors for legs, B-1, B-2. */
  sectorIds: [number, number, number, number];
}

export async function insertInventory(db: Database): Promise<TestInventory> {
  const airlineId = await insertAirline(db, { logoPath: `public/airline_logo/test-${randomBytes(4).toString('hex')}.png` });
  const mySectorId = await insertMySector(db);
  const sectorIds = [
    await insertSector(db),
    await insertSector(db),
    await insertSector(db),
    await insertSector(db),
  ] as [number, number, number, number];
  return { airlineId, mySectorId, sectorIds };
}

/** A booking row of a group; totals follow the table's check (adults and children at price, infants at infant price). */
export async function insertBooking(
  db: Database,
  {
    groupId,
    addedBy,
    agentUserId = null,
    adults = 1,
    children = 0,
    infants = 0,
    cancelled = false,
  }: {
    groupId: number;
    addedBy: number;
    agentUserId?: number | null;
    adults?: number;
    children?: number;
    infants?: number;
    cancelled?: boolean;
  },
): Promise<number> {
  const price = 1000;
  const infantPrice = 100;
  const [row] = await db
    .insert(bookings)
    .values({
      groupId,
      agentUserId,
      walking: agentUserId === null,
      confirmed: true,
      confirmedAt: new Date(),
      cancelStatus: cancelled,
      cancelledAt: cancelled ? new Date() : null,
      adults,
      children,
      infants,
      price,
      infantPrice,
      totalAmount: (adults + children) * price + infants * infantPrice,
      addedBy,
    })
    .returning({ id: bookings.id });
  return row!.id;
}

// ---- Group form bodies ----------------------------------------------------------------------------------

const KARACHI_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD, `days` after today in Asia/Karachi. */
export function daysFromToday(days: number): string {
  const today = KARACHI_DATE.format(new Date());
  const [year, month, day] = today.split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

export type GroupBody = Record<string, unknown>;

/**
 * A valid add-group body (JSON shape) for a layout: leg i departs on day `firstDay + 2i` at 10:00 and
 * lands the same day at 14:30.
 */
export function buildGroupBody(
  inventory: TestInventory,
  { ticketType = 1, direction = 1, pnr = `T${randomBytes(3).toString('hex').toUpperCase()}`, firstDay = 30 } = {},
): GroupBody {
  const count = ticketType === 1 ? (direction === 1 ? 1 : 2) : direction === 1 ? 2 : 4;
  const legs = Array.from({ length: count }, (_, index) => index);
  return {
    airline: inventory.airlineId,
    my_section_id: inventory.mySectorId,
    pnr,
    ticket_type: ticketType,
    direction,
    meal: 1,
    tickets_wehave: 40,
    total_ticket: 30,
    price: 150000,
    infant_price: 25000,
    departure_sector: legs.map((index) => inventory.sectorIds[index]),
    departure_flight_number: legs.map((index) => `PK ${700 + index}`),
    departure_baggage: legs.map(() => 30),
    departure_handcarry: legs.map(() => 7),
    departure_airport_name: legs.map((index) => `airport  ${index} intl`),
    departure_time: legs.map(() => '10:00'),
    departure_date: legs.map((index) => daysFromToday(firstDay + 2 * index)),
    departure_terminal: legs.map((index) => (index === 0 ? 'terminal 1' : '')),
    arivval_airport_name: legs.map((index) => `Arrival ${index}`),
    arivval_time: legs.map(() => '14:30'),
    arivval_date: legs.map((index) => daysFromToday(firstDay + 2 * index)),
    arivval_terminal: legs.map(() => ''),
    arivval_baggage: legs.map(() => 99),
    added_by: 'someone else',
  };
}

/** The same body as multipart fields: arrays become repeated `name[]` fields, as the seed's form sends them. */
export function toFormFields(body: GroupBody): Array<[string, string]> {
  const fields: Array<[string, string]> = [];
  for (const [name, value] of Object.entries(body)) {
    if (Array.isArray(value)) for (const item of value) fields.push([`${name}[]`, String(item)]);
    else fields.push([name, String(value)]);
  }
  return fields;
}

// ---- Group requests through the app -----------------------------------------------------------------------

/** Where the group tests start: a fresh app, the seeded admin's token and user id, and an inventory of its own. */
export interface GroupTestBed {
  t: TestApp;
  admin: string;
  adminId: number;
  inventory: TestInventory;
}

export async function startGroupTestBed(): Promise<GroupTestBed> {
  const t = await buildTestApp();
  const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const inventory = await insertInventory(t.db);
  const [me] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
  return { t, admin, adminId: me!.id, inventory };
}

export interface GroupPostOptions {
  /** Send the body as the multipart form the seed's pages send (arrays as repeated `name[]` fields). */
  asForm?: boolean;
  /** The client address the app sees (the audit trail records it). */
  remoteAddress?: string;
}

/** The group requests of one user: add-group, update-group and update-group-status posts, and editgroup reads. */
export function groupRequests(t: TestApp, token: string) {
  function post(url: string, body: GroupBody, { asForm = false, remoteAddress }: GroupPostOptions = {}) {
    if (asForm) {
      const form = multipart(toFormFields(body));
      return t.app.inject({ method: 'POST', url, payload: form.payload, headers: { ...form.headers, ...bearer(token) }, remoteAddress });
    }
    return t.app.inject({ method: 'POST', url, payload: body, headers: bearer(token), remoteAddress });
  }

  /** add-group, which must answer 201: the new group's id. */
  async function addGroup(body: GroupBody, options: GroupPostOptions = {}): Promise<number> {
    const response = await post('/api/add-group', body, options);
    expect(response.statusCode, response.body).toBe(201);
    return response.json().data.id;
  }

  /** editgroup, which must answer 200: the group as the edit form reads it. */
  async function readGroup(id: number) {
    const response = await t.app.inject({ method: 'GET', url: `/api/editgroup/${id}`, headers: bearer(token) });
    expect(response.statusCode, response.body).toBe(200);
    return response.json().data;
  }

  return { post, addGroup, readGroup };
}

export type GroupRequests = ReturnType<typeof groupRequests>;
