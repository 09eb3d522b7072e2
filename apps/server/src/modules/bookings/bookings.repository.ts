import { and, asc, eq, getTableColumns, ilike, inArray, isNull, lt, ne, or, sql, type Column, type Placeholder } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { preparedStatement } from '../../lib/prepared.js';
import { soldSeatsExpression } from '../groups/groups.repository.js';
import { groupLegs, groups, type GroupRow } from '../groups/groups.table.js';
import { ledgerEntries, type NewLedgerEntryRow } from '../ledger/ledger.table.js';
import { settings, SETTING_DEFAULTS } from '../settings/settings.table.js';
import { users } from '../users/users.table.js';
import {
  bookingPassengers,
  bookings,
  holdsSeats,
  type BookingPassengerRow,
  type BookingRow,
  type NewBookingPassengerRow,
  type NewBookingRow,
} from './bookings.table.js';

/** The live (not deleted) group of a PNR; PNRs are unique among live groups. */
export async function findLiveGroupByPnr({ db, pnr }: { db: Executor; pnr: string }): Promise<GroupRow | undefined> {
  const [row] = await db
    .select()
    .from(groups)
    .where(and(eq(groups.pnr, pnr), isNull(groups.deletedAt)))
    .limit(1);
  return row;
}

function idempotentTwin(
  db: Executor,
  { addedBy, idempotencyKey }: { addedBy: number | Placeholder; idempotencyKey: string | Placeholder },
) {
  return db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.addedBy, addedBy), eq(bookings.idempotencyKey, idempotencyKey)))
    .limit(1);
}

/** The columns of a group that add-booking's rules use (decision 039: not the whole row, twice a booking). */
const bookableGroupColumns = {
  id: groups.id,
  pnr: groups.pnr,
  totalTicket: groups.totalTicket,
  price: groups.price,
  infantPrice: groups.infantPrice,
  closeStatus: groups.closeStatus,
  departureDate: groups.departureDate,
  nameDeadline: groups.nameDeadline,
  updatedAt: groups.updatedAt,
  deletedAt: groups.deletedAt,
};

export type BookableGroup = Pick<GroupRow, keyof typeof bookableGroupColumns>;

/**
 * add-booking before its transaction, in one round trip (issue 20 point 3): the live group of the PNR, the booking
 * an earlier request with the same Idempotency-Key made (`replay`), the hold window setting (readHoldWindowMinutes)
 * and the seats sold (decision 039: a request that cannot fit is refused before any scan work and without the lock).
 * Undefined when the PNR has no live group.
 */
export async function findGroupToBook({
  db,
  pnr,
  replay,
}: {
  db: Executor;
  pnr: string;
  replay: { addedBy: number; idempotencyKey: string } | undefined;
}): Promise<{ group: Pick<GroupRow, 'id' | 'totalTicket'>; earlierId: number | null; holdWindowMinutes: number; sold: number } | undefined> {
  const [row] = replay
    ? await preparedStatement(db, 'add_booking_group_keyed', (on) => groupToBookQuery(on, true)).execute({ pnr, ...replay })
    : await preparedStatement(db, 'add_booking_group', (on) => groupToBookQuery(on, false)).execute({ pnr });
  if (!row) return undefined;
  return { group: row.group, earlierId: row.earlierId, holdWindowMinutes: toHoldWindowMinutes(row.holdWindow), sold: row.sold };
}

/** findGroupToBook's statement, prepared once per database handle (preparedStatement). */
function groupToBookQuery(db: Executor, keyed: boolean) {
  const twin = idempotentTwin(db, { addedBy: sql.placeholder('addedBy'), idempotencyKey: sql.placeholder('idempotencyKey') });
  return db
    .select({
      group: { id: groups.id, totalTicket: groups.totalTicket },
      earlierId: keyed ? sql<number | null>`(${twin})` : sql<null>`null`,
      holdWindow: sql<unknown>`(select ${settings.value} from ${settings} where ${settings.key} = 'hold_window_minutes')`,
      sold: soldSeatsExpression(db, groups.id).mapWith(Number),
    })
    .from(groups)
    .where(and(eq(groups.pnr, sql.placeholder('pnr')), isNull(groups.deletedAt)))
    .limit(1)
    .prepare(keyed ? 'add_booking_group_keyed' : 'add_booking_group');
}

/**
 * add-booking's lock (PRODUCT §4: seats are taken under the group's row lock): true when the live group was locked.
 * Only its id comes back; the row itself is read after the lock, with the checks (readLockedBookingChecks).
 */
export async function lockLiveGroup({ db, groupId }: { db: Executor; groupId: number }): Promise<boolean> {
  const rows = await db
    .select({ id: groups.id })
    .from(groups)
    .where(and(eq(groups.id, groupId), isNull(groups.deletedAt)))
    .for('update');
  return rows.length > 0;
}

/** What add-booking's rules read besides the group row (readLockedBookingChecks). */
export interface LockedBookingChecks {
  sold: number;
  twinId: number | null;
  bookedPassports: ReadonlySet<string>;
  legs: ReadonlyArray<{ departureDate: string; arrivalDate: string }>;
}

/**
 * What add-booking checks once it holds the group's row lock, in one statement (issue 20 point 3), so that all of it
 * is read after the lock was granted (read committed: a statement started after the previous holder committed sees
 * its booking): the seats sold (countSoldSeats), the booking of a twin request with the same Idempotency-Key, the
 * passports of `passportNos` already on a live booking of the group (findBookedPassports), the legs' dates and the
 * group's row itself. Decision 039: the same statement, run without the lock, decides an early refusal.
 */
export async function readLockedBookingChecks({
  db,
  groupId,
  passportNos,
  replay,
  lockAgentUserId,
}: {
  db: Executor;
  groupId: number;
  passportNos: readonly string[];
  replay: { addedBy: number; idempotencyKey: string } | undefined;
  /**
   * The agent whose credit the booking takes: its row is locked (FOR UPDATE) and its credit columns read in the same
   * statement (decision 039; takeCredit's lockedAgent). After the group's lock, as every booking use case orders them.
   */
  lockAgentUserId?: number | undefined;
}): Promise<LockedBookingChecks & { group: BookableGroup; agent: { creditLimit: number | null; creditLow: boolean } | null }> {
  const legs = sql`(select coalesce(json_agg(json_build_object('departureDate', ${groupLegs.departureDate}, 'arrivalDate', ${groupLegs.arrivalDate}) order by ${groupLegs.position}), '[]'::json) from ${groupLegs} where ${groupLegs.groupId} = ${groupId})`;
  const booked =
    passportNos.length === 0
      ? sql`'[]'::json`
      : sql`(select coalesce(json_agg(booked.passport_no), '[]'::json) from (${bookedPassportsQuery(db, { groupId, passportNos })}) as booked)`;
  const [row] = await db
    .select({
      group: bookableGroupColumns,
      sold: soldSeatsExpression(db, groupId).mapWith(Number),
      twinId: replay ? sql<number | null>`(${idempotentTwin(db, replay)})` : sql<null>`null`,
      booked: sql<string[]>`${booked}`,
      legs: sql<Array<{ departureDate: string; arrivalDate: string }>>`${legs}`,
      agent:
        lockAgentUserId === undefined
          ? sql<null>`null`
          : sql<{ creditLimit: number | null; creditLow: boolean } | null>`(select json_build_object('creditLimit', ${users.creditLimit}, 'creditLow', ${users.creditLow}) from ${users} where ${users.id} = ${lockAgentUserId} for update)`,
    })
    .from(groups)
    .where(eq(groups.id, groupId));
  if (!row) throw new Error(`group ${groupId} vanished under its lock`);
  return { group: row.group, sold: row.sold, twinId: row.twinId, bookedPassports: new Set(row.booked), legs: row.legs, agent: row.agent };
}

/** Departure and arrival dates of a group's legs, in leg order. */
export async function findLegDates({ db, groupId }: { db: Executor; groupId: number }) {
  return db
    .select({ departureDate: groupLegs.departureDate, arrivalDate: groupLegs.arrivalDate })
    .from(groupLegs)
    .where(eq(groupLegs.groupId, groupId))
    .orderBy(asc(groupLegs.position));
}

/** An agent an admin may book for: role user, approved, active, not deleted. */
export async function findBookableAgent({ db, userId }: { db: Executor; userId: number }): Promise<{ id: number } | undefined> {
  const [row] = await db
    .select({ id: users.id })
    .from(users)
    .where(
      and(
        eq(users.id, userId),
        eq(users.role, 'user'),
        eq(users.activeStatus, 'approved'),
        eq(users.isActive, true),
        isNull(users.deletedAt),
      ),
    )
    .limit(1);
  return row;
}

function escapeLike(value: string): string {
  return value.replace(/[\\%_]/g, (character) => `\\${character}`);
}

/** Approved agents whose name or agency contains the query, or whose number starts with it ('Agent-1001' or '1001'). */
export async function searchBookableAgents({ db, query, limit }: { db: Executor; query: string; limit: number }) {
  const pattern = `%${escapeLike(query)}%`;
  const number = /^(?:agent-?)?(\d{1,9})$/i.exec(query)?.[1];
  const matches = [ilike(users.name, pattern), ilike(users.agencyName, pattern)];
  if (number) matches.push(sql`${users.agentId}::text like ${`${number}%`}`);
  return db
    .select({ id: users.id, name: users.name, agent_id: users.agentId, agency_name: users.agencyName })
    .from(users)
    .where(
      and(
        eq(users.role, 'user'),
        eq(users.activeStatus, 'approved'),
        eq(users.isActive, true),
        isNull(users.deletedAt),
        or(...matches),
      ),
    )
    .orderBy(asc(users.name), asc(users.id))
    .limit(limit);
}

/**
 * PRODUCT §6 "Duplicate passengers": which of `passportNos` (normalised) are on a live booking of the group,
 * whoever booked it. Live is holdsSeats (decision 015): cancelled bookings and holds past their cancel_at do not
 * count. Stored numbers are normalised the same way here (the contract has always stored them so; this keeps
 * older or imported rows comparable). `exceptBookingId`: the booking being updated or confirmed.
 */
export async function findBookedPassports({
  db,
  groupId,
  passportNos,
  exceptBookingId,
}: {
  db: Executor;
  groupId: number;
  passportNos: readonly string[];
  exceptBookingId?: number | undefined;
}): Promise<Set<string>> {
  if (passportNos.length === 0) return new Set();
  const rows = await bookedPassportsQuery(db, { groupId, passportNos, exceptBookingId });
  return new Set(rows.map((row) => row.passportNo));
}

function bookedPassportsQuery(
  db: Executor,
  { groupId, passportNos, exceptBookingId }: { groupId: number; passportNos: readonly string[]; exceptBookingId?: number | undefined },
) {
  const normalised = sql<string>`upper(regexp_replace(${bookingPassengers.passportNo}, ${'\\s+'}, '', 'g'))`.as('passport_no');
  return db
    .selectDistinct({ passportNo: normalised })
    .from(bookingPassengers)
    .innerJoin(bookings, eq(bookings.id, bookingPassengers.bookingId))
    .where(
      and(
        eq(bookings.groupId, groupId),
        holdsSeats,
        exceptBookingId === undefined ? undefined : ne(bookings.id, exceptBookingId),
        inArray(sql`upper(regexp_replace(${bookingPassengers.passportNo}, ${'\\s+'}, '', 'g'))`, [...passportNos]),
      ),
    );
}

export async function findBookingIdByIdempotencyKey({
  db,
  addedBy,
  idempotencyKey,
}: {
  db: Executor;
  addedBy: number;
  idempotencyKey: string;
}): Promise<number | undefined> {
  const [row] = await db
    .select({ id: bookings.id })
    .from(bookings)
    .where(and(eq(bookings.addedBy, addedBy), eq(bookings.idempotencyKey, idempotencyKey)))
    .limit(1);
  return row?.id;
}

/** The hold window in minutes (PRODUCT §5 Settings); a missing or unusable row falls back to the default. */
export async function readHoldWindowMinutes({ db }: { db: Executor }): Promise<number> {
  const [row] = await db.select({ value: settings.value }).from(settings).where(eq(settings.key, 'hold_window_minutes')).limit(1);
  return toHoldWindowMinutes(row?.value);
}

function toHoldWindowMinutes(value: unknown): number {
  return typeof value === 'number' && Number.isFinite(value) && value > 0 ? value : SETTING_DEFAULTS.hold_window_minutes;
}

/** Inserts the booking and answers its whole row as stored (for the audit snapshot without reading it again). */
export async function insertBooking({ db, booking }: { db: Executor; booking: NewBookingRow }): Promise<BookingRow> {
  const [row] = await db.insert(bookings).values(booking).returning();
  return row!;
}

/** Passengers in position order (ids break ties). */
function byPosition(a: BookingPassengerRow, b: BookingPassengerRow): number {
  return a.position - b.position || a.id - b.id;
}

/** A row of `table` as row_to_json gives it (column names as keys) mapped as Drizzle maps a selected row. */
function fromJsonRow<T>(columns: ReadonlyArray<[string, Column]>, json: Record<string, unknown>): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[column.name];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

const bookingColumns = Object.entries(getTableColumns(bookings));
const passengerColumns = Object.entries(getTableColumns(bookingPassengers));

/**
 * The booking and its passengers in one statement (decision 039; add-booking under the group's lock): the passengers'
 * insert takes the booking's id from the booking's insert in the same statement. Answers both as stored, passengers in
 * position order, for the audit snapshot (toBookingAuditSnapshot) without reading them again.
 */
export async function insertBookingWithPassengers({
  db,
  booking,
  passengers,
}: {
  db: Executor;
  booking: NewBookingRow;
  passengers: ReadonlyArray<Omit<NewBookingPassengerRow, 'bookingId'>>;
}): Promise<{ booking: BookingRow; passengers: BookingPassengerRow[] }> {
  if (passengers.length === 0) return { booking: await insertBooking({ db, booking }), passengers: [] };
  const newBooking = db.insert(bookings).values(booking).returning();
  const bookingId = sql`(select id from new_booking)`;
  const newPassengers = db
    .insert(bookingPassengers)
    .values(passengers.map((row) => ({ ...row, bookingId: bookingId as unknown as number })))
    .returning();
  const result = (await db.execute(sql`
    with new_booking as ${newBooking}, new_passengers as ${newPassengers}
    select (select row_to_json(new_booking) from new_booking) as booking,
           (select json_agg(new_passengers) from new_passengers) as passengers`)) as unknown as {
    rows: Array<{ booking: Record<string, unknown> | string; passengers: Array<Record<string, unknown>> | string }>;
  };
  const [row] = result.rows;
  if (!row) throw new Error('the booking insert answered no row');
  const parse = <T>(value: T | string): T => (typeof value === 'string' ? (JSON.parse(value) as T) : value);
  return {
    booking: fromJsonRow<BookingRow>(bookingColumns, parse(row.booking)),
    passengers: parse(row.passengers)
      .map((passenger) => fromJsonRow<BookingPassengerRow>(passengerColumns, passenger))
      .sort(byPosition),
  };
}

export async function insertLedgerEntry({ db, entry }: { db: Executor; entry: NewLedgerEntryRow }): Promise<void> {
  await db.insert(ledgerEntries).values(entry);
}

/**
 * Cancels up to `limit` holds whose cancel_at has passed (PRODUCT §4), oldest expiry first, and returns them.
 * Safe with several server processes: the inner select locks the rows it takes and skips rows another
 * transaction holds (a sweeper in another process, or a confirm/cancel/hold-time update in progress), and
 * the outer conditions are checked again on the locked row, so a booking confirmed or extended at the same
 * moment is never cancelled and no booking is cancelled twice.
 */
export async function cancelExpiredHolds({ db, now, limit }: { db: Executor; now: Date; limit: number }) {
  const expired = and(eq(bookings.confirmed, false), eq(bookings.cancelStatus, false), lt(bookings.cancelAt, now));
  const candidates = db
    .select({ id: bookings.id })
    .from(bookings)
    .where(expired)
    .orderBy(asc(bookings.cancelAt), asc(bookings.id))
    .limit(limit)
    .for('update', { skipLocked: true });
  return db
    .update(bookings)
    .set({ cancelStatus: true, cancelledAt: now, cancelledBy: null, updatedAt: now })
    .where(and(inArray(bookings.id, candidates), expired))
    .returning({ id: bookings.id, groupId: bookings.groupId, agentUserId: bookings.agentUserId, cancelAt: bookings.cancelAt });
}
