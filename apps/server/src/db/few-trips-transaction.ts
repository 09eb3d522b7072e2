import { fillPlaceholders } from 'drizzle-orm';
import { NodePgSession, NodePgTransaction } from 'drizzle-orm/node-postgres';
import type { PgDialect } from 'drizzle-orm/pg-core';
import pg from 'pg';
import { pgLiteral, runFixed, runsOneTransactionAtATime, type FixedRun, type FixedStatement } from '../lib/prepared.js';
import type { Database, Transaction } from './database.js';
import { DRIZZLE_TEXT_TYPES } from './pglite-statements.js';

/** What each run of a list of fixed runs reads, in the list's order. */
export type FixedResults<Runs extends readonly FixedRun<unknown>[]> = { -readonly [K in keyof Runs]: Runs[K] extends FixedRun<infer T> ? T : never };

/** A transaction that can send several fixed statements as one message (transactionInFewTrips). */
export interface FewTripsTransaction {
  /** The transaction, for every other statement (Drizzle's); on PostgreSQL its first statement opens the transaction. */
  tx: Transaction;
  /**
   * Runs `runs` in order and answers what each reads. On PostgreSQL they go as one message, one round trip: the first
   * message of the transaction opens it (BEGIN) and, with `commit`, the message ends it (COMMIT after the last run, so
   * the locks the transaction holds are released by the same round trip). Each statement still takes its own snapshot
   * (read committed): a statement after one that waited for a lock sees what the lock's previous holder committed.
   * On the embedded database the runs go one after the other (no round trips there) and the transaction commits when
   * the body returns.
   */
  send<const Runs extends readonly FixedRun<unknown>[]>(runs: Runs, options?: { commit?: boolean }): Promise<FixedResults<Runs>>;
}

/** What Drizzle's node-postgres session keeps of its database (its own `transaction` builds a session from them). */
interface NodePgSessionParts {
  client: pg.Pool;
  dialect: PgDialect;
  schema: ConstructorParameters<typeof NodePgSession>[2];
  options: ConstructorParameters<typeof NodePgSession>[3];
}

/** The result types Drizzle's node-postgres driver reads as PostgreSQL's text (DRIZZLE_TEXT_TYPES), the others as pg does. */
const RESULT_TYPES = {
  getTypeParser: (typeId: number, format?: string) => (DRIZZLE_TEXT_TYPES.has(typeId) ? (value: string) => value : pg.types.getTypeParser(typeId, format as 'text')),
};

/** The SQL-level prepared statements each connection holds (by fixed statement name): PREPARE is per connection. */
const preparedOn = new WeakMap<pg.PoolClient, Set<string>>();

/** The SQL-level name of a fixed statement: its own, prefixed, so it never meets the protocol-level statement node-postgres names after it. */
const sqlNameOf = (statement: FixedStatement) => `fx_${statement.name}`;

/**
 * Decision 069: a transaction in as few round trips to PostgreSQL as its statements allow. Each statement sent to
 * PostgreSQL is one socket write and one answer to read on the serving thread, and while the transaction holds a lock
 * every round trip is time nobody else can take it. Fixed statements sent together (`send`) go as one simple-protocol
 * message of `EXECUTE name(literals)` (each statement PREPAREd once per connection, so it is parsed once and keeps its
 * plan as a named statement does), with BEGIN in the transaction's first message and COMMIT in its last when the
 * body asks. The values are written as literals of unknown type (pgLiteral, decision 051), which EXECUTE converts
 * with each parameter's input function as it converts a bound value.
 *
 * The rest of the body's statements run through `tx`, on the same connection. A failure rolls back (a failed message
 * has aborted the transaction, COMMIT included); a connection that cannot roll back is dropped rather than reused.
 * On the embedded database (no round trips) it is Drizzle's transaction, the runs sent one by one.
 */
export async function transactionInFewTrips<T>(db: Database, body: (transaction: FewTripsTransaction) => Promise<T>): Promise<T> {
  // The same question add-booking asks for its lock (decision 048): the embedded database has no round trips to save.
  if (runsOneTransactionAtATime(db)) {
    return db.transaction((tx) =>
      body({
        tx,
        send: async (runs) => {
          const results: unknown[] = [];
          for (const run of runs) results.push(await runFixed(tx, run));
          return results as never;
        },
      }),
    );
  }

  const parts = db._.session as unknown as NodePgSessionParts;
  const client = await parts.client.connect();
  let prepared = preparedOn.get(client);
  if (!prepared) {
    prepared = new Set();
    preparedOn.set(client, prepared);
  }
  const transaction: { state: 'idle' | 'open' | 'committed' } = { state: 'idle' };
  /** True once: when the transaction is not open yet, and then it is. */
  const opens = () => {
    const idle = transaction.state === 'idle';
    if (idle) transaction.state = 'open';
    return idle;
  };
  // Drizzle's statements of the body: the transaction opens before the first one if no message has opened it yet.
  const opening = { query: async (...args: unknown[]) => {
    if (opens()) await client.query('BEGIN');
    return (client.query as (...a: unknown[]) => Promise<unknown>)(...args);
  } };
  const session = new NodePgSession(opening as unknown as pg.PoolClient, parts.dialect, parts.schema, parts.options);
  const tx = new NodePgTransaction(parts.dialect, session, parts.schema) as unknown as Transaction;

  const send: FewTripsTransaction['send'] = async (runs, { commit = false } = {}) => {
    const statements = runs.map((run) => run.statement(tx));
    for (const statement of statements) {
      if (prepared.has(statement.name)) continue;
      // Once per connection, in a message of its own: a PREPARE is not undone by a rollback.
      await client.query(`PREPARE ${sqlNameOf(statement)} AS ${statement.query.sql}`);
      prepared.add(statement.name);
    }
    // The literals first: a value no literal can hold is refused before the transaction opens.
    const texts = statements.map((statement, index) => executeText(statement, runs[index]!.values));
    const begins = opens();
    if (begins) texts.unshift('BEGIN');
    if (commit) texts.push('COMMIT');
    const answer = (await client.query({ text: texts.join('; '), types: RESULT_TYPES })) as pg.QueryResult | pg.QueryResult[];
    if (commit) transaction.state = 'committed';
    const results = Array.isArray(answer) ? answer : [answer];
    const first = begins ? 1 : 0;
    return runs.map((run, index) => run.read(results[first + index]!.rows as never[])) as never;
  };

  try {
    const result = await body({ tx, send });
    if (transaction.state === 'open') await client.query('COMMIT');
    client.release();
    return result;
  } catch (error) {
    let broken: Error | undefined;
    if (transaction.state === 'open') await client.query('ROLLBACK').catch((rollbackError: Error) => (broken = rollbackError));
    client.release(broken);
    throw error;
  }
}

/** `EXECUTE name(v1, v2, ...)` with the run's values in the statement's parameter order. */
function executeText(statement: FixedStatement, values: Record<string, unknown>): string {
  const params = fillPlaceholders(statement.query.params, values).map(pgLiteral);
  return params.length === 0 ? `EXECUTE ${sqlNameOf(statement)}` : `EXECUTE ${sqlNameOf(statement)}(${params.join(', ')})`;
}
