import { and, asc, eq, ilike, inArray, isNull, lt, ne, or, sql, type Column, type SQL } from 'drizzle-orm';
import { alias } from 'drizzle-orm/pg-core';
import type { Executor } from '../../db/database.js';
import { fixedStatement, runFixedStatement, type FixedRun } from '../../lib/prepared.js';
import type { AuditActor } from '../audit/audit.usecases.js';
import { auditLog } from '../audit/audit.table.js';
import { files, type NewFileRow } from '../files/files.table.js';
import { soldSeatsExpression } from '../groups/groups.repository.js';
import { groupLegs, groups, type GroupRow } from '../groups/groups.table.js';
import { ledgerEntries, type NewLedgerEntryRow } from '../ledger/ledger.table.js';
import { isActiveAdmin, type NotificationSender } from '../notifications/notifications.repository.js';
import { notifications, type NotificationRow } from '../notifications/notifications.table.js';
import { settings, SETTING_DEFAULTS } from '../settings/settings.table.js';
import { users } from '../users/users.table.js';
import {
  bookingPassengers,
  bookings,
  holdsSeats,
  type NewBookingPassengerRow,
  type NewBookingRow,
} from './bookings.table.js';
import { bookingAuditSnapshotSql } from './booking-audit-sql.js';

/** What check-availbility answers from (000 §4): the live group of a PNR (PNRs are unique among live groups) and its sold seats. */
export interface GroupAvailability {
  totalTicket: number;
  price: number;
  infantPrice: number;
  closeStatus: boolean;
  departureDate: string;
  updatedAt: Date;
  sold: number;
}

/**
 * check-availbility, opened with every Book Ticket dialog: one fixed statement (decision 048, 060 addendum) rather
 * than the group's row and then its sold seats: one round trip, and on the embedded database no planning.
 */
export async function findGroupAvailability({ db, pnr }: { db: Executor; pnr: string }): Promise<GroupAvailability | undefined> {
  const [row] = await runFixedStatement<{
    total_ticket: number;
    price: number;
    infant_price: number;
    close_status: boolean;
    departure_date: string;
    updated_at: string;
    sold: number | string;
  }>(db, availabilityStatement(db), { pnr });
  if (!row) return undefined;
  return {
    totalTicket: Number(row.total_ticket),
    price: Number(row.price),
    infantPrice: Number(row.infant_price),
    closeStatus: row.close_status,
    departureDate: row.departure_date,
    // As Drizzle reads a timestamp with time zone in mode date: the instant's text made a Date.
    updatedAt: new Date(row.updated_at),
    sold: Number(row.sold),
  };
}

const availabilityStatement = fixedStatement(
  'check_availability',
  (db) => sql`select ${groups.totalTicket} as total_ticket, ${groups.price} as price, ${groups.infantPrice} as infant_price,
      ${groups.closeStatus} as close_status, ${groups.departureDate} as departure_date, ${groups.updatedAt} as updated_at,
      ${soldSeatsExpression(db, groups.id)} as sold
    from ${groups} where ${groups.pnr} = ${placeholder('pnr')}::text and ${groups.deletedAt} is null limit 1`,
);

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
  // Decision 051: a fixed statement (prepared once on PGlite too); without a key the twin's sub-select matches nothing.
  const [row] = await runFixedStatement<{ id: number; total_ticket: number; earlier_id: number | null; hold_window: unknown; sold: number | string }>(
    db,
    groupToBookStatement(db),
    { pnr, addedBy: replay?.addedBy ?? null, idempotencyKey: replay?.idempotencyKey ?? null },
  );
  if (!row) return undefined;
  return {
    group: { id: row.id, totalTicket: row.total_ticket },
    earlierId: row.earlier_id === null ? null : Number(row.earlier_id),
    holdWindowMinutes: toHoldWindowMinutes(row.hold_window),
    sold: Number(row.sold),
  };
}

const groupToBookStatement = fixedStatement(
  'add_booking_group',
  (db) => sql`select ${groups.id} as id, ${groups.totalTicket} as total_ticket,
      (select ${bookings.id} from ${bookings} where ${bookings.addedBy} = ${placeholder('addedBy')}::int and ${bookings.idempotencyKey} = ${placeholder('idempotencyKey')}::text limit 1) as earlier_id,
      (select ${settings.value} from ${settings} where ${settings.key} = 'hold_window_minutes') as hold_window,
      ${soldSeatsExpression(db, groups.id)} as sold
    from ${groups} where ${groups.pnr} = ${placeholder('pnr')}::text and ${groups.deletedAt} is null limit 1`,
);

/**
 * add-booking's lock (PRODUCT §4: seats are taken under the group's row lock): reads true when the live group was
 * locked. Only its id comes back; the row itself is read after the lock, with the checks (bookingChecksRun, sent in the
 * same message: decision 069). A fixed statement (decision 048): its text is made once and, on PostgreSQL, parsed once
 * per connection.
 */
export function lockLiveGroupRun(groupId: number): FixedRun<boolean> {
  return { statement: lockStatement, values: { groupId }, read: (rows) => rows.length > 0 };
}

const lockStatement = fixedStatement(
  'add_booking_lock',
  () => sql`select ${groups.id} from ${groups} where ${groups.id} = ${sql.placeholder('groupId')}::int and ${groups.deletedAt} is null for update`,
);

/** What add-booking's rules read besides the group row (bookingChecksRun). */
export interface LockedBookingChecks {
  sold: number;
  twinId: number | null;
  bookedPassports: ReadonlySet<string>;
  legs: ReadonlyArray<{ departureDate: string; arrivalDate: string }>;
}

/** The files rows add-booking's checks statement stores with its reads (decision 048). */
export interface StoredFileIds {
  /** Storage path -> files row id: the rows inserted and those that existed, as the statement saw them. */
  ids: Map<string, number>;
  /** The paths whose rows this statement inserted: they go with a rollback, so they keep no bytes (removeOrphanFiles). */
  inserted: ReadonlySet<string>;
}

interface ChecksRow {
  group: Record<string, unknown>;
  sold: number;
  twin_id: number | null;
  booked: string[];
  legs: Array<{ departureDate: string; arrivalDate: string }>;
  agent: { creditLimit: number | null; creditLow: boolean } | null;
  new_files: Array<{ id: number; path: string }> | null;
  old_files: Array<{ id: number; path: string }> | null;
  sender: NotificationSender | null;
}

const bookableGroupEntries = Object.entries(bookableGroupColumns);
const placeholder = (name: string) => sql.placeholder(name);

/**
 * bookingChecksRun's statement in its three shapes, each a fixed statement (decision 048): `early`, without
 * any lock (decision 039's early refusal); `locked`, after lockLiveGroupRun, with the agent's row lock and the files rows;
 * `lockingGroup`, the same taking the group's row lock itself (the embedded database, where nothing can commit
 * between the lock and the reads: one transaction runs at a time).
 */
function checksQuery(db: Executor, shape: 'early' | 'locked' | 'lockingGroup'): SQL {
  const writes = shape !== 'early';
  const groupId = groups.id;
  const normalised = (column: typeof bookingPassengers.passportNo) => sql`upper(regexp_replace(${column}, '\\s+', '', 'g'))`;
  const groupJson = sql.join(
    bookableGroupEntries.map(([key, column]) => sql`${sql.raw(`'${key}'`)}, ${column}`),
    sql`, `,
  );
  const newFiles = sql`insert into ${files} (kind, storage_path, original_name, mime, size, visibility, created_by)
      select f.kind::file_kind, f.storage_path, f.original_name, f.mime, f.size::bigint, f.visibility::file_visibility, f.created_by::int
      from unnest(${placeholder('fileKinds')}::text[], ${placeholder('filePaths')}::text[], ${placeholder('fileNames')}::text[], ${placeholder('fileMimes')}::text[], ${placeholder('fileSizes')}::text[], ${placeholder('fileVisibilities')}::text[], ${placeholder('fileCreators')}::text[])
        with ordinality as f(kind, storage_path, original_name, mime, size, visibility, created_by, ord)
      order by f.ord
      on conflict (storage_path) do nothing
      returning id, storage_path`;
  const fileColumns = writes
    ? sql`,
      (select json_agg(json_build_object('id', id, 'path', storage_path)) from new_files) as new_files,
      (select json_agg(json_build_object('id', ${files.id}, 'path', ${files.storagePath})) from ${files}
        where ${files.storagePath} = any(${placeholder('filePaths')}::text[])) as old_files`
    : sql`, null as new_files, null as old_files`;
  const agent = writes
    ? sql`(select json_build_object('creditLimit', ${users.creditLimit}, 'creditLow', ${users.creditLow}) from ${users} where ${users.id} = ${placeholder('agentUserId')}::int for update)`
    : sql`null`;
  // Decision 051: the booking's notification is stored with it, worded from its sender's row as it is now.
  const sender = writes
    ? sql`(select json_build_object('id', ${users.id}, 'role', ${users.role}, 'name', ${users.name}, 'agencyName', ${users.agencyName}, 'imagePath', ${files.storagePath})
        from ${users} left join ${files} on ${files.id} = ${users.imageFileId} where ${users.id} = ${placeholder('senderUserId')}::int)`
    : sql`null`;
  return sql`${writes ? sql`with new_files as (${newFiles}) ` : sql``}select
      json_build_object(${groupJson}) as "group",
      ${soldSeatsExpression(db, groupId)} as sold,
      (select ${bookings.id} from ${bookings} where ${bookings.addedBy} = ${placeholder('addedBy')}::int and ${bookings.idempotencyKey} = ${placeholder('idempotencyKey')}::text limit 1) as twin_id,
      (select coalesce(json_agg(distinct ${normalised(bookingPassengers.passportNo)}), '[]'::json)
        from ${bookingPassengers} inner join ${bookings} on ${bookings.id} = ${bookingPassengers.bookingId}
        where ${bookings.groupId} = ${groupId} and ${holdsSeats}
          and ${normalised(bookingPassengers.passportNo)} = any(${placeholder('passportNos')}::text[])) as booked,
      (select coalesce(json_agg(json_build_object('departureDate', ${groupLegs.departureDate}, 'arrivalDate', ${groupLegs.arrivalDate}) order by ${groupLegs.position}), '[]'::json)
        from ${groupLegs} where ${groupLegs.groupId} = ${groupId}) as legs,
      ${agent} as agent, ${sender} as sender${fileColumns}
    from ${groups} where ${groupId} = ${placeholder('groupId')}::int${shape === 'lockingGroup' ? sql` for update of ${groups}` : sql``}`;
}

const checksStatements = {
  early: fixedStatement('add_booking_checks_early', (db) => checksQuery(db, 'early')),
  locked: fixedStatement('add_booking_checks_locked', (db) => checksQuery(db, 'locked')),
  lockingGroup: fixedStatement('add_booking_checks_locking_group', (db) => checksQuery(db, 'lockingGroup')),
};

/**
 * What add-booking checks once it holds the group's row lock, in one statement (issue 20 point 3), so that all of it
 * is read after the lock was granted (read committed: a statement started after the previous holder committed sees
 * its booking): the seats sold (countSoldSeats), the booking of a twin request with the same Idempotency-Key, the
 * passports of `passportNos` already on a live booking of the group (findBookedPassports), the legs' dates and the
 * group's row itself. Decision 039: the same reads, run without the lock, decide an early refusal.
 *
 * Decision 048: a fixed statement (made once, no query building per request), and under the lock it also stores the
 * files rows of the booking's scans (`files`, formerly a statement of its own) and, with
 * `lockGroup` (the embedded database only), takes the group's row lock itself.
 */
export function bookingChecksRun({
  groupId,
  passportNos,
  replay,
  lock,
}: {
  groupId: number;
  passportNos: readonly string[];
  replay: { addedBy: number; idempotencyKey: string } | undefined;
  /**
   * Absent: the early refusal's reads, no lock. Present: under the group's lock (`lockGroup`: taken by this statement),
   * the agent whose credit the booking takes is locked (FOR UPDATE) and its credit columns read (decision 039;
   * takeCredit's lockedAgent), after the group's lock as every booking use case orders them, and the files rows stored.
   */
  lock?: { lockGroup: boolean; agentUserId: number | null; senderUserId: number; files: readonly NewFileRow[] } | undefined;
}): FixedRun<
  LockedBookingChecks & {
    group: BookableGroup;
    agent: { creditLimit: number | null; creditLow: boolean } | null;
    files: StoredFileIds;
    /** Under the lock: the row of the user making the booking, as its notification names it (null early, or when gone). */
    sender: NotificationSender | null;
  }
> {
  const values: Record<string, unknown> = {
    groupId,
    passportNos: [...passportNos],
    addedBy: replay?.addedBy ?? null,
    idempotencyKey: replay?.idempotencyKey ?? null,
  };
  if (lock) {
    const unique = [...new Map(lock.files.map((row) => [row.storagePath, row])).values()];
    Object.assign(values, {
      agentUserId: lock.agentUserId,
      senderUserId: lock.senderUserId,
      fileKinds: unique.map((row) => row.kind),
      filePaths: unique.map((row) => row.storagePath),
      fileNames: unique.map((row) => row.originalName),
      fileMimes: unique.map((row) => row.mime),
      fileSizes: unique.map((row) => String(row.size)),
      fileVisibilities: unique.map((row) => row.visibility),
      fileCreators: unique.map((row) => (row.createdBy == null ? null : String(row.createdBy))),
    });
  }
  const statement = checksStatements[!lock ? 'early' : lock.lockGroup ? 'lockingGroup' : 'locked'];
  return { statement, values, read: (rows: ChecksRow[]) => readChecksRow(groupId, rows[0]) };
}

function readChecksRow(groupId: number, row: ChecksRow | undefined) {
  if (!row) throw new Error(`group ${groupId} vanished under its lock`);
  const inserted = new Set((row.new_files ?? []).map((file) => file.path));
  const ids = new Map<string, number>();
  for (const file of [...(row.new_files ?? []), ...(row.old_files ?? [])]) ids.set(file.path, Number(file.id));
  return {
    group: fromJsonRow<BookableGroup>(bookableGroupEntries, row.group, (key) => key),
    sold: Number(row.sold),
    twinId: row.twin_id === null ? null : Number(row.twin_id),
    bookedPassports: new Set(row.booked),
    legs: row.legs,
    agent: row.agent,
    files: { ids, inserted },
    sender: row.sender,
  };
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

/**
 * A row as row_to_json or json_build_object gives it mapped as Drizzle maps a selected row. `jsonKey`: the row's
 * key for a column (its SQL name by default).
 */
function fromJsonRow<T>(
  columns: ReadonlyArray<[string, Column]>,
  json: Record<string, unknown>,
  jsonKey: (key: string, column: Column) => string = (_key, column) => column.name,
): T {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) {
    const value = json[jsonKey(key, column)];
    row[key] = value === null || value === undefined ? null : column.mapFromDriverValue(value);
  }
  return row as T;
}

/** A new booking's columns as add-booking sets them (the others take their defaults). */
export type NewBooking = Required<
  Pick<
    NewBookingRow,
    | 'groupId'
    | 'agentUserId'
    | 'walking'
    | 'confirmed'
    | 'confirmedAt'
    | 'confirmedBy'
    | 'cancelAt'
    | 'adults'
    | 'children'
    | 'infants'
    | 'price'
    | 'infantPrice'
    | 'totalAmount'
    | 'remarks'
    | 'creditOverride'
    | 'idempotencyKey'
    | 'addedBy'
    | 'createdAt'
    | 'updatedAt'
  >
>;

export type NewPassenger = Omit<NewBookingPassengerRow, 'bookingId' | 'id' | 'ticketNo'>;

/**
 * The notifications of a new booking (decision 051, PRODUCT §4 Notifications; bookedNotice decides them): every
 * active admin (`toAdmins`) and/or the user `toUserId` if not deleted, never the sender; all with the same sender,
 * name, message and image. No recipients: no rows.
 */
export interface BookingNotificationsInput {
  senderUserId: number;
  name: string;
  message: string;
  image: string | null;
  toAdmins: boolean;
  toUserId: number | null;
}

/**
 * The booking, its passengers and its audit row in one statement (decisions 039, 048; add-booking under the group's
 * lock): the passengers' insert takes the booking's id from the booking's insert in the same statement, and the audit
 * row's `after` is made in SQL from the rows both inserts return (auditSnapshotSql), so it holds what
 * readAuditSnapshot reads. A fixed statement: one text whatever the passenger count (the passengers go as arrays).
 * Decision 051: the booking's notifications are stored by the same statement (the caller pushes them after the
 * commit). Reads the new booking's id and its notification rows.
 */
export function newBookingRun({
  booking,
  passengers,
  audit,
  notify,
}: {
  booking: NewBooking;
  passengers: readonly NewPassenger[];
  audit: { actor: AuditActor; action: string };
  notify: BookingNotificationsInput | null;
}): FixedRun<{ id: number; notifications: NotificationRow[] }> {
  const iso = (value: Date | null) => (value === null ? null : value.toISOString());
  const values = {
    ...booking,
    confirmedAt: iso(booking.confirmedAt),
    cancelAt: iso(booking.cancelAt),
    createdAt: iso(booking.createdAt),
    updatedAt: iso(booking.updatedAt),
    positions: passengers.map((passenger) => passenger.position),
    types: passengers.map((passenger) => passenger.type),
    titles: passengers.map((passenger) => passenger.title ?? null),
    firstnames: passengers.map((passenger) => passenger.firstname ?? null),
    lastnames: passengers.map((passenger) => passenger.lastname ?? null),
    dobs: passengers.map((passenger) => passenger.dob ?? null),
    passportNos: passengers.map((passenger) => passenger.passportNo ?? null),
    passportExpiryDates: passengers.map((passenger) => passenger.passportExpiryDate ?? null),
    passportFileIds: passengers.map((passenger) => passenger.passportFileId ?? null),
    visaFileIds: passengers.map((passenger) => passenger.visaFileId ?? null),
    actorUserId: audit.actor.userId,
    actorName: audit.actor.name,
    address: audit.actor.address,
    action: audit.action,
    noticeSender: notify?.senderUserId ?? null,
    noticeName: notify?.name ?? null,
    noticeMessage: notify?.message ?? null,
    noticeImage: notify?.image ?? null,
    noticeToAdmins: notify?.toAdmins ?? false,
    noticeToUser: notify?.toUserId ?? null,
  };
  const read = ([row]: Array<{ id: number; notices: Array<Omit<NotificationRow, 'createdAt'> & { createdAt: string }> }>) => {
    if (!row) throw new Error('the booking insert answered no row');
    return { id: Number(row.id), notifications: row.notices.map((notice) => ({ ...notice, createdAt: new Date(notice.createdAt) })) };
  };
  return { statement: insertBookingStatement, values, read };
}

const insertBookingStatement = fixedStatement('add_booking_insert', () => {
  const recipients = alias(users, 'recipient');
  const p = (name: string, type: string) => sql`${placeholder(name)}::${sql.raw(type)}`;
  return sql`with new_booking as (
      insert into ${bookings} (group_id, agent_user_id, walking, confirmed, confirmed_at, confirmed_by, cancel_at, adults, children, infants,
        price, infant_price, total_amount, remarks, credit_override, idempotency_key, added_by, created_at, updated_at)
      values (${p('groupId', 'int')}, ${p('agentUserId', 'int')}, ${p('walking', 'boolean')}, ${p('confirmed', 'boolean')},
        ${p('confirmedAt', 'timestamptz')}, ${p('confirmedBy', 'int')}, ${p('cancelAt', 'timestamptz')}, ${p('adults', 'smallint')},
        ${p('children', 'smallint')}, ${p('infants', 'smallint')}, ${p('price', 'int')}, ${p('infantPrice', 'int')}, ${p('totalAmount', 'int')},
        ${p('remarks', 'text')}, ${p('creditOverride', 'boolean')}, ${p('idempotencyKey', 'text')}, ${p('addedBy', 'int')},
        ${p('createdAt', 'timestamptz')}, ${p('updatedAt', 'timestamptz')})
      returning *
    ), new_passengers as (
      insert into ${bookingPassengers} (booking_id, position, type, title, firstname, lastname, dob, passport_no, passport_expiry_date,
        passport_file_id, visa_file_id)
      select (select id from new_booking), t.position, t.type::passenger_type, t.title, t.firstname, t.lastname, t.dob::date, t.passport_no,
        t.passport_expiry_date::date, t.passport_file_id, t.visa_file_id
      from unnest(${p('positions', 'smallint[]')}, ${p('types', 'text[]')}, ${p('titles', 'text[]')}, ${p('firstnames', 'text[]')},
          ${p('lastnames', 'text[]')}, ${p('dobs', 'text[]')}, ${p('passportNos', 'text[]')}, ${p('passportExpiryDates', 'text[]')},
          ${p('passportFileIds', 'int[]')}, ${p('visaFileIds', 'int[]')})
        with ordinality as t(position, type, title, firstname, lastname, dob, passport_no, passport_expiry_date, passport_file_id, visa_file_id, ord)
      order by t.ord
      returning *
    ), audit as (
      insert into ${auditLog} (actor_user_id, actor_name, address, kind, entity_id, action, before, after)
      select ${p('actorUserId', 'int')}, ${p('actorName', 'text')}, ${p('address', 'text')}, 'booking', b.id, ${p('action', 'text')}, null,
        ${bookingAuditSnapshotSql('b', 'new_passengers')}
      from new_booking b
    ), notices as (
      insert into ${notifications} (user_id, sender_user_id, booking_id, name, message, image, created_at)
      select ${recipients.id}, ${p('noticeSender', 'int')}, b.id, ${p('noticeName', 'text')}, ${p('noticeMessage', 'text')}, ${p('noticeImage', 'text')},
        clock_timestamp()
      from new_booking b cross join ${users} as ${sql.identifier('recipient')}
      where ${recipients.id} is distinct from ${p('noticeSender', 'int')}
        and ((${p('noticeToAdmins', 'boolean')} and ${isActiveAdmin(recipients)})
          or (${recipients.id} = ${p('noticeToUser', 'int')} and ${recipients.deletedAt} is null))
      order by ${recipients.id}
      returning *
    )
    select id, (select coalesce(json_agg(json_build_object('id', n.id, 'userId', n.user_id, 'senderUserId', n.sender_user_id,
        'bookingId', n.booking_id, 'name', n.name, 'message', n.message, 'image', n.image, 'readAt', n.read_at, 'createdAt', n.created_at)
        order by n.id), '[]'::json) from notices n) as notices
    from new_booking`;
});

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
