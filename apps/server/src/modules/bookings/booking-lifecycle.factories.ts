import { randomBytes } from 'node:crypto';
import type { Database } from '../../db/database.js';
import { createPng } from '../../db/seed/png.js';
import { airlines } from '../airlines/airlines.table.js';
import { insertToken } from '../auth/auth.repository.js';
import { hashToken } from '../auth/auth.usecases.js';
import { saveUploadedFile } from '../files/files.usecases.js';
import { files } from '../files/files.table.js';
import { groupLegs, groups, type GroupRow } from '../groups/groups.table.js';
import { mySectors } from '../my-sectors/my-sectors.table.js';
import { sectors } from '../sectors/sectors.table.js';
import { nextAgentIdSql, users, type UserRow } from '../users/users.table.js';
import { bookingPassengers, bookings, type BookingRow, type PassengerType } from './bookings.table.js';

/**
 * Test-only fixtures of the booking lists and lifecycle tests (issue 4): rows inserted straight with drizzle,
 * passengers with real stored scans. Self-contained (no import from src/test), so the server build accepts it.
 */

const KARACHI_DATE = new Intl.DateTimeFormat('en-CA', { timeZone: 'Asia/Karachi', year: 'numeric', month: '2-digit', day: '2-digit' });

/** YYYY-MM-DD, `days` after today in Asia/Karachi. */
export function daysFromToday(days: number): string {
  const [year, month, day] = KARACHI_DATE.format(new Date()).split('-').map(Number);
  return new Date(Date.UTC(year!, month! - 1, day! + days)).toISOString().slice(0, 10);
}

let seed = 0;
function nextSeed(): number {
  seed += 1;
  return seed;
}

function randomLetters(length: number): string {
  const letters = 'ABCDEFGHIJKLMNOPQRSTUVWXYZ';
  return Array.from(randomBytes(length), (byte) => letters[byte % letters.length]).join('');
}

/** A user with a bearer token and no password (no scrypt: fast fixtures). */
export async function insertUserWithToken(
  db: Database,
  {
    role = 'user',
    name = role === 'admin' ? 'Fixture Admin' : 'Fixture Agent',
    agencyName = role === 'admin' ? null : 'Fixture Travels',
  }: { role?: 'admin' | 'user'; name?: string; agencyName?: string | null } = {},
): Promise<{ user: UserRow; token: string }> {
  const [user] = await db
    .insert(users)
    .values({
      role,
      name,
      email: `lifecycle-${randomBytes(5).toString('hex')}@example.com`,
      activeStatus: 'approved',
      agentId: role === 'admin' ? null : nextAgentIdSql,
      agencyName,
      source: 'admin',
    })
    .returning();
  const token = randomBytes(32).toString('base64url');
  await insertToken({ db, userId: user!.id, tokenHash: hashToken(token), userAgent: null });
  return { user: user!, token };
}

export interface TestGroup {
  group: GroupRow;
  /** 'FROM - TO' of the outbound journey. */
  sector: string;
  airlineName: string;
  logoPath: string;
}

/**
 * A group with its airline (public logo row), my sector and legs. `via` adds a connecting outbound leg, so the
 * outbound sector runs from the first leg's origin to the second leg's destination; `returnDay` adds legs back.
 */
export async function insertTestGroup(
  db: Database,
  {
    totalTicket = 10,
    price = 100_000,
    infantPrice = 20_000,
    firstDay = 30,
    returnDay,
    via = false,
    airlineName = `Fixture Air ${nextSeed()}`,
  }: { totalTicket?: number; price?: number; infantPrice?: number; firstDay?: number; returnDay?: number; via?: boolean; airlineName?: string } = {},
): Promise<TestGroup> {
  const codes = [randomLetters(3), randomLetters(3), randomLetters(3)] as const;
  const logoPath = `public/airline_logo/fixture-${randomBytes(4).toString('hex')}.png`;
  const [logo] = await db
    .insert(files)
    .values({ kind: 'airline_logo', storagePath: logoPath, originalName: 'logo.png', mime: 'image/png', size: 10, visibility: 'public' })
    .returning({ id: files.id });
  const [airline] = await db
    .insert(airlines)
    .values({ fullName: airlineName, shortName: 'FA', logoFileId: logo!.id })
    .returning({ id: airlines.id });
  const [mySector] = await db.insert(mySectors).values({ name: 'Umrah Jeddah' }).returning({ id: mySectors.id });
  const sectorId = async (from: string, to: string) => {
    const [row] = await db
      .insert(sectors)
      .values({ fromSector: from, toSector: to, fromCity: `${from} CITY`, toCity: `${to} CITY` })
      .onConflictDoNothing()
      .returning({ id: sectors.id });
    if (!row) throw new Error(`sector ${from} - ${to} exists; rerun`);
    return row.id;
  };

  const outbound = via
    ? [
        { from: codes[0], to: codes[1] },
        { from: codes[1], to: codes[2] },
      ]
    : [{ from: codes[0], to: codes[2] }];
  const back = returnDay === undefined ? [] : [...outbound].reverse().map(({ from, to }) => ({ from: to, to: from }));
  const firstDate = daysFromToday(firstDay);
  const [group] = await db
    .insert(groups)
    .values({
      pnr: `LC${nextSeed()}${randomLetters(3)}`,
      airlineId: airline!.id,
      mySectorId: mySector!.id,
      ticketType: returnDay === undefined ? 1 : 2,
      direction: via ? 2 : 1,
      ticketsWehave: totalTicket,
      totalTicket,
      price,
      infantPrice,
      departureDate: firstDate,
    })
    .returning();
  const legs = [
    ...outbound.map((leg) => ({ ...leg, date: firstDate })),
    ...back.map((leg) => ({ ...leg, date: daysFromToday(returnDay!) })),
  ];
  for (const [position, leg] of legs.entries()) {
    await db.insert(groupLegs).values({
      groupId: group!.id,
      position,
      sectorId: await sectorId(leg.from, leg.to),
      flightNumber: `PK ${700 + position}`,
      baggageKg: 30,
      handCarryKg: 7,
      departureDate: leg.date,
      departureTime: '03:15:00',
      departureAirport: 'ALLAMA IQBAL INTL',
      arrivalDate: leg.date,
      arrivalTime: '08:45:00',
      arrivalAirport: 'KING ABDULAZIZ INTL',
    });
  }
  return { group: group!, sector: `${codes[0]} - ${codes[2]}`, airlineName, logoPath };
}

/** A distinct small PNG per call, so two scans are two files. */
export function uniqueScan(): Buffer {
  const hex = (nextSeed() * 2_654_435_761) % 0xffffff;
  return createPng({ width: 3, height: 2, colour: `#${hex.toString(16).padStart(6, '0')}` });
}

let passportSeed = 0;

export type TestBookingState = 'hold' | 'confirmed' | 'cancelled' | 'cancelled_after_charge';

export interface TestPassenger {
  type: PassengerType;
  title: string;
  firstname: string;
  lastname: string;
  dob: string;
  visa: boolean;
}

/** Valid passengers for the counts, ages fitting their types on a departure ~30 days ahead. */
export function buildPassengers({ adults = 1, children = 0, infants = 0 }: { adults?: number; children?: number; infants?: number }): TestPassenger[] {
  return [
    ...Array.from({ length: adults }, (_, index) => ({
      type: 'adult' as const,
      title: index === 0 ? 'Mr' : 'Mrs',
      firstname: index === 0 ? 'ALI' : `SARA ${randomLetters(2)}`,
      lastname: 'KHAN',
      dob: daysFromToday(-365 * 30 - index),
      visa: index === 0,
    })),
    ...Array.from({ length: children }, () => ({ type: 'child' as const, title: 'Mstr', firstname: 'OMAR', lastname: 'KHAN', dob: daysFromToday(-365 * 7), visa: false })),
    ...Array.from({ length: infants }, () => ({ type: 'infant' as const, title: 'Inf', firstname: 'ZAIN', lastname: 'KHAN', dob: daysFromToday(-200), visa: false })),
  ];
}

/**
 * A booking of `group` with passengers and real private scans (stored under `uploadsDir` through the files
 * module). Amounts follow the table's checks; `discount` and `received` set the stored amounts directly.
 * Passport numbers are AB1000000, AB1000001, … (a counter of the test process), so no two bookings share one
 * (PRODUCT §6); `passportNos` gives them by position, e.g. one that two bookings share, as data written before
 * decision 025 may.
 */
export async function insertTestBooking(
  db: Database,
  {
    uploadsDir,
    group,
    addedBy,
    agentUserId = null,
    adults = 1,
    children = 0,
    infants = 0,
    state = 'hold',
    createdAt = new Date(),
    cancelAt = new Date(Date.now() + 3 * 3_600_000),
    discount = 0,
    received = 0,
    passportNos = [],
  }: {
    uploadsDir: string;
    group: GroupRow;
    addedBy: number;
    agentUserId?: number | null;
    adults?: number;
    children?: number;
    infants?: number;
    state?: TestBookingState;
    createdAt?: Date;
    cancelAt?: Date | null;
    discount?: number;
    received?: number;
    /** By position; a missing one is the next of AB1000000, AB1000001, …. */
    passportNos?: string[];
  },
): Promise<{ booking: BookingRow; passengerIds: number[]; fileIds: number[] }> {
  const charged = state === 'confirmed' || state === 'cancelled_after_charge';
  const cancelled = state === 'cancelled' || state === 'cancelled_after_charge';
  const [booking] = await db
    .insert(bookings)
    .values({
      groupId: group.id,
      agentUserId,
      walking: agentUserId === null,
      confirmed: charged,
      confirmedAt: charged ? createdAt : null,
      confirmedBy: charged ? addedBy : null,
      cancelStatus: cancelled,
      cancelledAt: cancelled ? createdAt : null,
      cancelledBy: cancelled ? addedBy : null,
      cancelAt,
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
  const passengerIds: number[] = [];
  const fileIds: number[] = [];
  for (const [position, passenger] of buildPassengers({ adults, children, infants }).entries()) {
    const scan = async (kind: 'passport' | 'visa') => {
      const row = await saveUploadedFile({
        db,
        uploadsDir,
        file: { kind: 'file', fieldname: kind, filename: `${kind}-${position}.png`, mimetype: 'image/png', data: uniqueScan() },
        kind,
        field: kind,
        userId: addedBy,
      });
      fileIds.push(row.id);
      return row.id;
    };
    const [row] = await db
      .insert(bookingPassengers)
      .values({
        bookingId: booking!.id,
        position,
        type: passenger.type,
        title: passenger.title,
        firstname: passenger.firstname,
        lastname: passenger.lastname,
        dob: passenger.dob,
        passportNo: passportNos[position] ?? `AB${1_000_000 + passportSeed++}`,
        passportExpiryDate: daysFromToday(5 * 365),
        passportFileId: await scan('passport'),
        visaFileId: passenger.visa ? await scan('visa') : null,
      })
      .returning({ id: bookingPassengers.id });
    passengerIds.push(row!.id);
  }
  return { booking: booking!, passengerIds, fileIds };
}
