import { getTableColumns, getTableName, sql } from 'drizzle-orm';
import type { PgInsertValue, PgTable } from 'drizzle-orm/pg-core';
import type { Executor } from '../database.js';

/** Rows per statement: a few megabytes of JSON, far from any limit of either engine. */
const BATCH_ROWS = 5_000;

/**
 * Multi-row INSERTs with one bind parameter each: the batch travels as one JSON array that PostgreSQL turns
 * into rows of the table's type (json_populate_recordset). A parameter per value would hit the 65,535
 * bind-parameter limit at a few thousand rows and, on PGlite, spend most of the time parsing them.
 *
 * Only the columns some row sets are inserted; a row without one of them gets NULL there (not the column
 * default), so callers give every row the same keys, except nullable ones. Values go through JSON: Dates
 * become ISO strings, which timestamptz reads back exactly.
 */
export async function insertInBatches<TTable extends PgTable>(
  executor: Executor,
  table: TTable,
  rows: readonly PgInsertValue<TTable>[],
): Promise<void> {
  if (rows.length === 0) return;
  const columns = Object.entries(getTableColumns(table));
  const used = columns.filter(([key]) => rows.some((row) => (row as Record<string, unknown>)[key] !== undefined));
  const names = used.map(([, column]) => sql.identifier(column.name));
  const tableName = sql.identifier(getTableName(table));
  for (let start = 0; start < rows.length; start += BATCH_ROWS) {
    const batch = rows.slice(start, start + BATCH_ROWS).map((row) => {
      const record: Record<string, unknown> = {};
      for (const [key, column] of used) record[column.name] = (row as Record<string, unknown>)[key] ?? null;
      return record;
    });
    await executor.execute(
      sql`insert into ${tableName} (${sql.join(names, sql`, `)})
        select ${sql.join(names, sql`, `)} from json_populate_recordset(null::${tableName}, ${JSON.stringify(batch)}::json)`,
    );
  }
}

/**
 * Rows inserted with explicit ids leave their serial sequence behind; move it past the largest id so the
 * next row the API inserts does not collide.
 */
export async function advanceIdSequence(executor: Executor, table: PgTable): Promise<void> {
  const name = getTableName(table);
  await executor.execute(
    sql`select setval(pg_get_serial_sequence(${name}, 'id'), coalesce(max(id), 1), max(id) is not null) from ${sql.identifier(name)}`,
  );
}
