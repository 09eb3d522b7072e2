import { is, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Executor } from '../db/database.js';

const statements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * What a Drizzle prepared query holds besides its client (both drivers' classes, drizzle-orm 0.45): its text and
 * parameters, and how its rows are mapped. Read from a statement built once, to prepare it again on a transaction.
 */
interface PreparedShape {
  getQuery(): { sql: string; params: unknown[] };
  fields?: unknown;
  _isResponseInArrayMode?: boolean;
  customResultMapper?: unknown;
  joinsNotNullableMap?: unknown;
}

/** The statements prepared on a transaction, built once for the process by name (any transaction's session). */
const transactionShapes = new Map<string, PreparedShape>();

/**
 * A statement built once and prepared under `name` (decision 039): Drizzle's query building was the largest
 * JavaScript cost of a booking, and on PostgreSQL a named statement is parsed once per connection. `build` makes the
 * query with `sql.placeholder(...)` for its parameters and ends with `.prepare(name)`; the caller runs it with
 * `.execute({ ... })`. On a database handle the statement is kept per handle. A transaction exists for one request,
 * so on one the text, parameters and row mapping built once for the process (by the first transaction that ran it)
 * are prepared again on that transaction's session, which builds nothing (decision 070). One name is one SQL text:
 * statements whose shape varies take one name per shape.
 */
export function preparedStatement<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  if (is(db, PgTransaction)) return preparedOnTransaction(db, name, build);
  let byName = statements.get(db);
  if (!byName) {
    byName = new Map();
    statements.set(db, byName);
  }
  let statement = byName.get(name) as T | undefined;
  if (statement === undefined) {
    statement = build(db);
    byName.set(name, statement);
  }
  return statement;
}

function preparedOnTransaction<T>(tx: Executor, name: string, build: (db: Executor) => T): T {
  const shape = transactionShapes.get(name);
  if (shape === undefined) {
    const built = build(tx);
    transactionShapes.set(name, built as PreparedShape);
    return built;
  }
  const prepared = tx._.session.prepareQuery(
    shape.getQuery(),
    shape.fields as never,
    name,
    shape._isResponseInArrayMode ?? false,
    shape.customResultMapper as never,
  ) as unknown as PreparedShape;
  prepared.joinsNotNullableMap = shape.joinsNotNullableMap;
  return prepared as T;
}

/** A statement's text and its parameters' order, made once for the process (fixedStatement). */
export interface FixedStatement {
  name: string;
  query: { sql: string; params: unknown[] };
}

const dialect = new PgDialect({ casing: 'snake_case' });

/**
 * A statement whose SQL text is made once for the process from `build` (with `sql.placeholder(...)` for its
 * parameters) and run on any executor, transactions included (decision 048): the text is the same on both engines,
 * so nothing is built per request, and on PostgreSQL it is a named statement, parsed once per connection. Its rows
 * come back as the driver reads them (column names as selected; no Drizzle mapping): select what maps simply
 * (numbers, text, json).
 */
export function fixedStatement(name: string, build: (db: Executor) => SQL): (db: Executor) => FixedStatement {
  let statement: FixedStatement | undefined;
  return (db) => (statement ??= { name, query: dialect.sqlToQuery(build(db)) });
}

/**
 * True on the embedded database (PGlite): it runs one transaction at a time, so a statement that waits for no lock
 * sees everything committed before it (decision 048: add-booking locks the group in its checks statement there).
 */
export function runsOneTransactionAtATime(db: Executor): boolean {
  return is(db._.session, PgliteSession);
}

/**
 * Runs a fixed statement with `values` for its placeholders. On PostgreSQL it is a named protocol statement; on the
 * embedded database the statement cache PREPAREs it once its text has been seen twice (decision 062, which folded
 * decision 051's own PREPARE path for fixed statements into it).
 */
export async function runFixedStatement<Row>(db: Executor, statement: FixedStatement, values: Record<string, unknown>): Promise<Row[]> {
  const prepared = db._.session.prepareQuery(statement.query, undefined, statement.name, false);
  const result = (await prepared.execute(values)) as { rows: Row[] };
  return result.rows;
}

/**
 * One run of a fixed statement: the statement, its values and how its rows are read. A transaction can send several
 * runs as one message (decision 069, transactionInFewTrips); runFixed runs one alone.
 */
export interface FixedRun<T> {
  statement: (db: Executor) => FixedStatement;
  values: Record<string, unknown>;
  read: (rows: never[]) => T;
}

/** Runs one fixed run on `db` and answers what it reads. */
export async function runFixed<T>(db: Executor, run: FixedRun<T>): Promise<T> {
  return run.read(await runFixedStatement<never>(db, run.statement(db), run.values));
}

/**
 * A value as a quoted SQL literal of unknown type (NULL for null): the text a bound parameter would carry. An escape
 * string (E'...', backslashes and quotes doubled) reads the same whatever standard_conforming_strings says, so a
 * backslash in a passenger's name can never end the literal.
 */
export function pgLiteral(value: unknown): string {
  if (value === null || value === undefined) return 'NULL';
  const text = pgText(value);
  if (text.includes('\0')) throw new Error('a statement parameter holds a NUL character');
  return `E'${text.replaceAll('\\', '\\\\').replaceAll("'", "''")}'`;
}

function pgText(value: unknown): string {
  if (typeof value === 'string') return value;
  if (typeof value === 'number' || typeof value === 'bigint') return String(value);
  if (typeof value === 'boolean') return value ? 't' : 'f';
  if (value instanceof Date) return value.toISOString();
  if (Array.isArray(value)) return pgArray(value);
  return JSON.stringify(value);
}

/** An array literal ('{"a","b",NULL}'): every element quoted, backslashes and quotes escaped. */
function pgArray(values: readonly unknown[]): string {
  const elements = values.map((element) => {
    if (element === null || element === undefined) return 'NULL';
    if (Array.isArray(element)) return pgArray(element);
    return `"${pgText(element).replace(/[\\"]/g, '\\$&')}"`;
  });
  return `{${elements.join(',')}}`;
}
