import { is } from 'drizzle-orm';
import { PgTransaction } from 'drizzle-orm/pg-core';
import type { Executor } from '../db/database.js';

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
