import type { Database } from '../../db/database.js';
import { airlines } from '../airlines/airlines.table.js';
import { bookings, type BookingRow } from '../bookings/bookings.table.js';
import { files } from '../files/files.table.js';
import { groupLegs, groups, type GroupRow } from '../groups/groups.table.js';
import { mySectors } from '../my-sectors/my-sectors.table.js';
import { sectors } from '../sectors/sectors.table.js';

// Test-only rows of the dashboard tests (issue 5), inserted straight with drizzle so created_at, states and
// amounts can be set exactly. Self-contained (no import from src/test, which the server build excludes).

const KARACHI_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD, `days` after today in Asia/Karachi. */
export function daysFromToday(days: number): string {
  const [year, month, day] = KARACHI_DATE.format(new Date()).split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/** The instant today starts in Asia/Karachi (UTC+5 all year, no daylight saving), plus `minutes`. */
export function karachiMidnightPlus(minutes: number): Date {
  return new Date(Date.parse(`${daysFromToday(0)}T00:00:00+05:00`) + minutes * 60_000);
}

export async function insertPublicFile(db: Database, { kind, storagePath }: { kind: 'airline_logo' | 'my_sector_image' | 'banner' | 'button'; storagePath: string }): Promise<number> {
  const [row] = await db
    .insert(files)
    .values({ kind, storagePath, originalName: 'image.png', mime: 'image/png', size: 10, visibility: 'public' })
    .returning({ id: files.id });
  return row!.id;
}

export async function insertAirlineWithLogo(db: Database, logoPath: string): Promise<number> {
  const logoFileId = await insertPublicFile(db, { kind: 'airline_logo', storagePath: logoPath });
  const [row] = await db.insert(airlines).values({ fullName: 'Dashboard Air', shortName: 'DA', logoFileId }).returning({ id: airlines.id });
  return row!.id;
}

export async function insertDashboardMySector(
  db: Database,
  { name, status = true, deleted = false, imagePath }: { name: string; status?: boolean; deleted?: boolean; imagePath?: string },
): Promise<number> {
  const imageFileId = imagePath ? await insertPublicFile(db, { kind: 'my_sector_image', storagePath: imagePath }) : null;
  const [row] = await db
    .insert(mySectors)
    .values({ name, status, imageFileId, deletedAt: deleted ? new Date() : null })
    .returning({ id: mySectors.id });
  return row!.id;
}

let codeSeed = 0;
/** A fresh upper-case airport code per call ('AAB', 'AAC', ...), so sector pairs never collide. */
function nextCode(): string {
  codeSeed += 1;
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return `${letters[Math.floor(codeSeed / 676) % 26]}${letters[Math.floor(codeSeed / 26) % 26]}${letters[codeSeed % 26]}`;
}

async function insertSectorRow(db: Database, from: string, to: string): Promise<number> {
  const [row] = await db.insert(sectors).values({ fromSector: from, toSector: to, fromCity: `${from} CITY`, toCity: `${to} CITY` }).returning({ id: sectors.id });
  return row!.id;
}

let pnrSeed = 0;

/**
 * A one-way group departing `firstDay` days from today (Asia/Karachi) at `departureTime`; `via` makes the
 * outbound journey two legs. Answers the row and its outbound sector ('AAB - AAD').
 */
export async function insertDashboardGroup(
  db: Database,
  {
    airlineId,
    mySectorId,
    firstDay,
    totalTicket = 10,
    price = 100_000,
    infantPrice = 20_000,
    closed = false,
    deleted = false,
    via = false,
    departureTime = '03:15',
  }: {
    airlineId: number;
    mySectorId: number;
    firstDay: number;
    totalTicket?: number;
    price?: number;
    infantPrice?: number;
    closed?: boolean;
    deleted?: boolean;
    via?: boolean;
    departureTime?: string;
  },
): Promise<{ group: GroupRow; sector: string }> {
  pnrSeed += 1;
  const date = daysFromToday(firstDay);
  const [group] = await db
    .insert(groups)
    .values({
      pnr: `DSH${pnrSeed}`,
      airlineId,
      mySectorId,
      ticketType: 1,
      direction: via ? 2 : 1,
      ticketsWehave: totalTicket,
      totalTicket,
      price,
      infantPrice,
      closeStatus: closed,
      departureDate: date,
      deletedAt: deleted ? new Date() : null,
    })
    .returning();
  const codes = via ? [nextCode(), nextCode(), nextCode()] : [nextCode(), nextCode()];
  for (let position = 0; position < codes.length - 1; position++) {
    await db.insert(groupLegs).values({
      groupId: group!.id,
      position,
      sectorId: await insertSectorRow(db, codes[position]!, codes[position + 1]!),
      flightNumber: `PK ${700 + position}`,
      baggageKg: 30,
      handCarryKg: 7,
      departureDate: date,
      departureTime: position === 0 ? departureTime : '12:00',
      departureAirport: 'ALLAMA IQBAL INTL',
      arrivalDate: date,
      arrivalTime: '18:00',
      arrivalAirport: 'KING ABDULAZIZ INTL',
    });
  }
  return { group: group!, sector: `${codes[0]} - ${codes[codes.length - 1]}` };
}

export type DashboardBookingState = 'hold' | 'confirmed' | 'cancelled' | 'cancelled_after_charge';

/** A booking row at the group's prices; `received` and `discount` are stored as given (the row's checks apply). */
export async function insertDashboardBooking(
  db: Database,
  {
    group,
    addedBy,
    agentUserId,
    createdAt,
    state,
    adults = 1,
    children = 0,
    infants = 0,
    discount = 0,
    received = 0,
  }: {
    group: GroupRow;
    addedBy: number;
    agentUserId: number | null;
    createdAt: Date;
    state: DashboardBookingState;
    adults?: number;
    children?: number;
    infants?: number;
    discount?: number;
    received?: number;
  },
): Promise<BookingRow> {
  const charged = state === 'confirmed' || state === 'cancelled_after_charge';
  const cancelled = state === 'cancelled' || state === 'cancelled_after_charge';
  const [row] = await db
    .insert(bookings)
    .values({
      groupId: group.id,
      agentUserId,
      walking: agentUserId === null,
      confirmed: charged,
      confirmedAt: charged ? createdAt : null,
      cancelStatus: cancelled,
      cancelledAt: cancelled ? createdAt : null,
      adults,
      children,
      infants,
      price: group.price,
      infantPrice: group.infantPrice,
      totalAmount: (adults + children) * group.price + infants * group.infantPrice,
      discount,
      receivedAmount: received,
      addedBy,
      createdAt,
    })
    .returning();
  return row!;
}
