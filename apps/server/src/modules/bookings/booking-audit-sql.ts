import { getTableColumns, sql, type Column, type SQL } from 'drizzle-orm';
import { toAuditJson } from '../audit/audit.snapshots.js';
import { bookingPassengers, bookings } from './bookings.table.js';

/**
 * A booking's audit snapshot made in SQL (decision 048), so add-booking stores its audit row in the booking's own
 * statement: what toBookingAuditSnapshot makes of the rows, built from the rows the inserts return. How each column
 * is written is asked of toAuditJson itself (a probe value per column: left out, masked, or kept under its snake_case
 * name), so the two cannot disagree on the rules; instants are written as Date.toISOString writes them. The audit
 * column is jsonb, whose keys have no order. bookings.hot-release.test.ts compares the stored row with
 * readAuditSnapshot.
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

// The masking above is maskPassport's: every character but the last 4 replaced by '•'.
if (toAuditJson({ passportNo: PROBE }).passport_no !== `${'•'.repeat(PROBE.length - 4)}${PROBE.slice(-4)}`) {
  throw new Error('toAuditJson masks passport numbers otherwise than booking-audit-sql.ts writes them');
}
