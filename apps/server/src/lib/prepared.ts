import { types, type QueryOptions, type Results } from '@electric-sql/pglite';
import { fillPlaceholders, is, type SQL } from 'drizzle-orm';
import { PgDialect, PgTransaction } from 'drizzle-orm/pg-core';
import { PgliteSession } from 'drizzle-orm/pglite';
import type { Database, Executor, Transaction } from '../db/database.js';

const statements = new WeakMap<Executor, Map<string, unknown>>();

/**
 * A statement built once per database handle and prepared under `name` (decision 039): Drizzle's query building was
 * the largest JavaScript cost of a booking, and on PostgreSQL a named statement is parsed once per connection. `build`
 * makes the query with `sql.placeholder(...)` for its parameters and ends with `.prepare(name)`; the caller runs it
 * with `.execute({ ... })`. A transaction exists for one request, so on one the statement is built for that call only.
 * One name is one SQL text: statements whose shape varies take one name per shape.
 */
export function preparedStatement<T>(db: Executor, name: string, build: (db: Executor) => T): T {
  if (is(db, PgTransaction)) return build(db);
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

export async function runFixedStatement<Row>(db: Executor, statement: FixedStatement, values: Record<string, unknown>): Promise<Row[]> {
  const embedded = embeddedClientOf(db);
  if (embedded && (await preparedOn(embedded, statement))) return executeOnPglite<Row>(embedded.client, statement, values);
  const prepared = db._.session.prepareQuery(statement.query, undefined, statement.name, false);
  const result = (await prepared.execute(values)) as { rows: Row[] };
  return result.rows;
}

/** What the embedded database's client (a PGlite, or the transaction it runs) offers here. */
interface PgliteClient {
  exec(query: string, options?: QueryOptions): Promise<Array<Results<unknown>>>;
}

/** A PGlite instance, the owner of the session-level prepared statements (they outlive any transaction). */
type PgliteInstance = PgliteClient & { execProtocol: unknown };

/** The PGlite behind each transaction begun by transactionWithFixedStatements. */
const pgliteOfTransaction = new WeakMap<Executor, PgliteInstance>();
/** Per PGlite instance, its fixed statements: true once PREPAREd, false while a PREPARE is under way. */
const preparedOnPglite = new WeakMap<PgliteInstance, Map<string, boolean>>();

function sessionClient(db: Executor): PgliteClient | undefined {
  if (!is(db._.session, PgliteSession)) return undefined;
  return (db._.session as unknown as { client: PgliteClient }).client;
}

function isPgliteInstance(client: PgliteClient): client is PgliteInstance {
  return typeof (client as Partial<PgliteInstance>).execProtocol === 'function';
}

/** The client to run on and the PGlite that holds the prepared statements; undefined on PostgreSQL (or unknown). */
function embeddedClientOf(db: Executor): { client: PgliteClient; instance: PgliteInstance } | undefined {
  const client = sessionClient(db);
  if (!client) return undefined;
  const instance = isPgliteInstance(client) ? client : pgliteOfTransaction.get(db);
  return instance && { client, instance };
}

/**
 * `db.transaction(run)`, where the fixed statements run as PGlite prepared statements (decision 051): a transaction's
 * client on the embedded database does not lead back to its PGlite, so it is noted here. On PostgreSQL, the same.
 */
export async function transactionWithFixedStatements<T>(db: Database, run: (tx: Transaction) => Promise<T>): Promise<T> {
  const client = sessionClient(db);
  const instance = client && isPgliteInstance(client) ? client : undefined;
  return db.transaction(async (tx) => {
    if (instance) pgliteOfTransaction.set(tx, instance);
    return run(tx);
  });
}

/** Drizzle's PGlite row options (pglite/session.js `rawQueryConfig`): instants and intervals stay text. */
const PGLITE_ROWS: QueryOptions = {
  rowMode: 'object',
  parsers: Object.fromEntries(
    [types.TIMESTAMP, types.TIMESTAMPTZ, types.INTERVAL, types.DATE, 1231, 1115, 1185, 1187, 1182].map((oid) => [oid, (value: string) => value]),
  ),
};

/**
 * Decision 051: PGlite's `query` parses and plans every statement anew (an unnamed extended-protocol statement), and
 * its planner sizes each relation through the emulated file system. A fixed statement is PREPAREd once per PGlite
 * (session level: a rollback does not undo it) and then run as `EXECUTE name(literals)` (executeOnPglite), so that
 * PostgreSQL's plan cache keeps its plan. True when the statement is prepared; false while another request prepares
 * it: this call runs it the usual way rather than wait, since a request outside a transaction waits for the
 * transaction that may be the one preparing it (PGlite runs one at a time).
 */
async function preparedOn({ client, instance }: { client: PgliteClient; instance: PgliteInstance }, statement: FixedStatement): Promise<boolean> {
  let names = preparedOnPglite.get(instance);
  if (!names) {
    names = new Map();
    preparedOnPglite.set(instance, names);
  }
  const state = names.get(statement.name);
  if (state !== undefined) return state;
  names.set(statement.name, false);
  try {
    await client.exec(`prepare ${statement.name} as ${statement.query.sql}`);
  } catch (error) {
    names.delete(statement.name);
    throw error;
  }
  names.set(statement.name, true);
  return true;
}

/**
 * A utility statement takes no bound parameters, so the values are written as quoted literals, each converted by its
 * parameter's input function as a bound text value would be; one simple-protocol message.
 */
async function executeOnPglite<Row>(client: PgliteClient, statement: FixedStatement, values: Record<string, unknown>): Promise<Row[]> {
  const params = fillPlaceholders(statement.query.params, values);
  const execute = params.length === 0 ? `execute ${statement.name}` : `execute ${statement.name}(${params.map(pgLiteral).join(', ')})`;
  const [result] = await client.exec(execute, PGLITE_ROWS);
  return (result?.rows ?? []) as Row[];
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
