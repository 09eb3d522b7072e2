import type { AuditSnapshot } from '@portal/contract/audit';
import { getTableColumns, getTableName, sql, type Column, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { fixedStatement, runFixed, type FixedRun } from '../../lib/prepared.js';
import { toAuditJson } from '../audit/audit.json.js';
import { auditLog, type NewAuditRow } from '../audit/audit.table.js';
import { bookingPassengers, bookings } from './bookings.table.js';

/**
 * A booking's audit snapshot made in SQL (decisions 048, 067): add-booking stores its audit row in the booking's own
 * statement, built from the rows the inserts return, and every other audited booking write reads its snapshots in one
 * statement each (readBookingAuditSnapshot, insertBookingAuditRow): what toAuditJson makes of the booking row with its
 * passengers. How each column
 * is written is asked of toAuditJson itself (a probe value per column: left out, masked, or kept under its snake_case
 * name), so the two cannot disagree on the rules; instants are written as Date.toISOString writes them. The audit
 * column is jsonb, whose keys have no order. bookings.audit-sql.test.ts compares every snapshot made here with
 * toAuditJson's of the rows read through Drizzle.
 */
const PROBE = 'probe-value-0123';

function columnJson(alias: string, key: string, column: Column): { name: string; value: SQL } | null {
  const probed = toAuditJson({ [key]: PROBE });
  const [name] = Object.keys(probed);
  if (name === undefined) return null;
  const ref = sql.raw(`${alias}."${column.name}"`);
  if (probed[name] !== PROBE) {
    // Masked to its last 4 characters (maskPassport), checked against the probe's own masking below.
    return { name, value: sql`(repeat('•', greatest(0, length(${ref}) - 4)) || right(${ref}, 4))` };
  }
  if (column.columnType === 'PgTimestamp') {
    return { name, value: sql`to_char(${ref} at time zone 'UTC', 'YYYY-MM-DD"T"HH24:MI:SS.MS"Z"')` };
  }
  return { name, value: sql`to_jsonb(${ref})` };
}

function objectJson(alias: string, columns: ReadonlyArray<[string, Column]>, extra: SQL[] = []): SQL {
  const parts = columns.flatMap(([key, column]) => {
    const found = columnJson(alias, key, column);
    return found ? [sql`${sql.raw(`'${found.name}'`)}, ${found.value}`] : [];
  });
  return sql`jsonb_build_object(${sql.join([...parts, ...extra], sql`, `)})`;
}

/**
 * The snapshot of the booking row `bookingAlias` with the passengers of the relation `passengersFrom` (all of them
 * belong to it), in position order, without their booking_id (as bookingRecord leaves it out).
 */
export function bookingAuditSnapshotSql(bookingAlias: string, passengersFrom: string): SQL {
  const passengerColumns = Object.entries(getTableColumns(bookingPassengers)).filter(([key]) => key !== 'bookingId');
  const passengers = sql`'passengers', coalesce((select jsonb_agg(${objectJson('p', passengerColumns)} order by p."position", p."id") from ${sql.raw(passengersFrom)} p), '[]'::jsonb)`;
  return objectJson(bookingAlias, Object.entries(getTableColumns(bookings)), [passengers]);
}

const p = (name: string, type: string) => sql`${sql.placeholder(name)}::${sql.raw(type)}`;

/** The booking `id`'s snapshot as a scalar subquery: null when there is no such booking. */
function bookingSnapshotSubquery(): SQL {
  const passengers = `(select * from ${getTableName(bookingPassengers)} bp where bp.booking_id = b.id)`;
  return sql`(select ${bookingAuditSnapshotSql('b', passengers)} from ${bookings} b where b.id = ${p('id', 'int')})`;
}

const readSnapshotStatement = fixedStatement('audit_booking_snapshot', () => sql`select ${bookingSnapshotSubquery()} as snapshot`);

/** The booking's audit snapshot as it is now in this transaction, in one statement; null when there is none. */
export function bookingAuditSnapshotRun(id: number): FixedRun<AuditSnapshot | null> {
  return { statement: readSnapshotStatement, values: { id }, read: ([row]: Array<{ snapshot: AuditSnapshot | null }>) => row?.snapshot ?? null };
}

export async function readBookingAuditSnapshot(db: Executor, id: number): Promise<AuditSnapshot | null> {
  return runFixed(db, bookingAuditSnapshotRun(id));
}

const insertAuditRowStatement = fixedStatement(
  'audit_booking_insert',
  () => sql`insert into ${auditLog} (actor_user_id, actor_name, address, kind, entity_id, action, before, after)
    values (${p('actorUserId', 'int')}, ${p('actorName', 'text')}, ${p('address', 'text')}, 'booking', ${p('id', 'int')}, ${p('action', 'text')},
      ${p('before', 'jsonb')}, ${bookingSnapshotSubquery()})`,
);

/** What an audited booking write's audit row says (insertBookingAuditRow). */
export type BookingAuditRowInput = Pick<NewAuditRow, 'actorUserId' | 'actorName' | 'address' | 'action' | 'before'> & { entityId: number };

/**
 * The audit row of a change to booking `entityId`, its `after` the booking as it is now in this transaction, read by
 * the insert itself: one statement where reading the snapshot and inserting the row took three.
 */
export function bookingAuditRowRun(row: BookingAuditRowInput): FixedRun<void> {
  const values = {
    actorUserId: row.actorUserId ?? null,
    actorName: row.actorName,
    address: row.address ?? null,
    id: row.entityId,
    action: row.action,
    before: row.before === null || row.before === undefined ? null : JSON.stringify(row.before),
  };
  return { statement: insertAuditRowStatement, values, read: () => undefined };
}

export async function insertBookingAuditRow({ db, row }: { db: Executor; row: BookingAuditRowInput }): Promise<void> {
  await runFixed(db, bookingAuditRowRun(row));
}

// The masking above is maskPassport's: every character but the last 4 replaced by '•'.
if (toAuditJson({ passportNo: PROBE }).passport_no !== `${'•'.repeat(PROBE.length - 4)}${PROBE.slice(-4)}`) {
  throw new Error('toAuditJson masks passport numbers otherwise than booking-audit-sql.ts writes them');
}
