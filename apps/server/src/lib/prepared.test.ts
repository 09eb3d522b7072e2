import { eq, sql } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Executor } from '../db/database.js';
import { users } from '../modules/users/users.table.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { fixedStatement, pgLiteral, preparedStatement, runFixedStatement, runsOneTransactionAtATime } from './prepared.js';

// Decisions 051 and 062: on the embedded database a fixed statement is PREPAREd once (by the statement cache, from its
// second run) and run as EXECUTE with its values written as literals; on PostgreSQL it is a named protocol statement.
// Either way the rows are those of the same SQL.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});

afterAll(async () => {
  await t.close();
});

const echo = fixedStatement(
  'prepared_test_echo',
  () => sql`select ${sql.placeholder('text')}::text as text, ${sql.placeholder('list')}::text[] as list,
    ${sql.placeholder('n')}::int as n, ${sql.placeholder('flag')}::boolean as flag, ${sql.placeholder('doc')}::jsonb as doc,
    ${sql.placeholder('at')}::timestamptz = '2026-11-27T22:00:00.000Z'::timestamptz as at_matches`,
);

const tricky = [`O'Brien`, 'back\\slash', 'a "quoted", comma', '{braces}', 'NULL', '', 'ünïcødé ✈', 'semi; drop table users; --'];

/** How many statements PGlite holds prepared whose text has `fragment` (the statement cache names them stmt_N). */
async function countPrepared(fragment: string): Promise<number> {
  const rows = await runFixedStatement<{ n: number }>(t.db, countPreparedStatement(t.db), { fragment });
  return Number(rows[0]!.n);
}
const countPreparedStatement = fixedStatement(
  'prepared_test_count',
  () => sql`select count(*)::int as n from pg_prepared_statements where strpos(statement, ${sql.placeholder('fragment')}::text) > 0`,
);

describe('fixed statements', () => {
  it('when values hold quotes, backslashes, braces, commas and nulls, then the statement reads them back unchanged', async () => {
    for (const text of [...tricky, null]) {
      const rows = await t.db.transaction((tx) =>
        runFixedStatement<Record<string, unknown>>(tx, echo(tx), {
          text,
          list: [...tricky, null],
          n: -42,
          flag: false,
          doc: { name: `O'Brien`, tags: ['a"b', 'c\\d'] },
          at: new Date('2026-11-27T22:00:00.000Z'),
        }),
      );
      expect(rows).toEqual([{ text, list: [...tricky, null], n: -42, flag: false, doc: { name: `O'Brien`, tags: ['a"b', 'c\\d'] }, at_matches: true }]);
    }
  });

  it('when a statement runs in transactions and outside them, then the embedded database prepares it once and keeps it', async () => {
    for (let round = 0; round < 3; round += 1) {
      await t.db.transaction((tx) => runFixedStatement(tx, echo(tx), { text: 'x', list: [], n: 1, flag: true, doc: {}, at: null }));
      await runFixedStatement(t.db, echo(t.db), { text: 'y', list: ['z'], n: 2, flag: null, doc: null, at: null });
    }
    // PostgreSQL names its protocol statements per pooled connection (not seen in this view); PGlite's are SQL-level.
    if (runsOneTransactionAtATime(t.db)) expect(await countPrepared('as at_matches')).toBe(1);
  });

  it('when requests run a statement for the first time at once, in transactions and outside them, then all get their rows', async () => {
    const first = fixedStatement('prepared_test_first_use', () => sql`select ${sql.placeholder('n')}::int * 2 as doubled_first_use`);
    const results = await Promise.all(
      Array.from({ length: 12 }, (_, n) =>
        n % 3 === 0
          ? t.db.transaction((tx) => runFixedStatement<{ doubled_first_use: number }>(tx, first(tx), { n }))
          : runFixedStatement<{ doubled_first_use: number }>(t.db, first(t.db), { n }),
      ),
    );
    expect(results.map((rows) => rows[0]!.doubled_first_use)).toEqual(Array.from({ length: 12 }, (_, n) => n * 2));
    if (runsOneTransactionAtATime(t.db)) expect(await countPrepared('as doubled_first_use')).toBe(1);
  });

  it('when a value holds a NUL character, then it is refused rather than cut short', () => {
    expect(() => pgLiteral('a\0b')).toThrow(/NUL/);
    // An escape string (E'...'): the array literal's quotes and backslashes doubled.
    expect(pgLiteral([`it's`, 'a\\"b', null])).toBe(`E'{"it''s","a\\\\\\\\\\\\"b",NULL}'`);
  });

  it('when the database reads strings with standard_conforming_strings off, then a backslash still cannot end a literal', async () => {
    if (!runsOneTransactionAtATime(t.db)) return; // PostgreSQL binds the values as parameters; no literal is written.
    await t.db.execute(sql.raw('set standard_conforming_strings = off'));
    try {
      for (const text of ['back\\', "\\'; select 1; --", ...tricky]) {
        const rows = await runFixedStatement<{ text: string }>(t.db, echo(t.db), { text, list: [], n: 1, flag: true, doc: {}, at: null });
        expect(rows[0]!.text).toBe(text);
      }
    } finally {
      await t.db.execute(sql.raw('set standard_conforming_strings = on'));
    }
  });
});

describe('prepared statements on transactions (decision 070)', () => {
  class RolledBack extends Error {}

  /** Renames `userId` to `name` in a transaction, reads both users through the prepared statement, then rolls back. */
  async function renameAndRead({
    userId,
    name,
    ids,
    read,
    between,
  }: {
    userId: number;
    name: string;
    ids: number[];
    read: (on: Executor, id: number) => Promise<Array<{ id: number; name: string; createdAt: Date }>>;
    between?: () => Promise<void>;
  }) {
    let seen: Array<{ id: number; name: string; createdAt: Date }> = [];
    await t.db
      .transaction(async (tx) => {
        await tx.update(users).set({ name }).where(eq(users.id, userId));
        await between?.();
        for (const id of ids) seen = [...seen, ...(await read(tx, id))];
        throw new RolledBack();
      })
      .catch((error: unknown) => {
        if (!(error instanceof RolledBack)) throw error;
      });
    return seen;
  }

  it("when transactions run a prepared statement, then it is built once and each reads its own transaction's rows, mapped as outside one", async () => {
    const first = (await t.createAgent()).user;
    const second = (await t.createAgent()).user;
    let builds = 0;
    const read = (on: Executor, id: number) =>
      preparedStatement(on, 'prepared_test_user_by_id', (db) => {
        builds += 1;
        return db
          .select({ id: users.id, name: users.name, createdAt: users.createdAt })
          .from(users)
          .where(eq(users.id, sql.placeholder('id')))
          .prepare('prepared_test_user_by_id');
      }).execute({ id });

    // On PostgreSQL the two transactions hold their renames at once, each on its own connection; the embedded
    // database runs one transaction at a time.
    let arrived = 0;
    let release: () => void = () => undefined;
    const bothRenamed = new Promise<void>((resolve) => (release = resolve));
    const between = runsOneTransactionAtATime(t.db)
      ? undefined
      : async () => {
          arrived += 1;
          if (arrived === 2) release();
          await bothRenamed;
        };
    const ids = [first.id, second.id];
    const [seenByFirst, seenBySecond] = await Promise.all([
      renameAndRead({ userId: first.id, name: 'Renamed First', ids, read, between }),
      renameAndRead({ userId: second.id, name: 'Renamed Second', ids, read, between }),
    ]);
    const row = (user: typeof first, name: string) => ({ id: user.id, name, createdAt: user.createdAt });
    expect(seenByFirst).toEqual([row(first, 'Renamed First'), row(second, second.name)]);
    expect(seenBySecond).toEqual([row(first, first.name), row(second, 'Renamed Second')]);
    expect(seenByFirst[0]!.createdAt).toBeInstanceOf(Date);
    expect(builds).toBe(1);

    // Outside a transaction: built once for the database handle, and nothing of the renames was committed.
    expect([...(await read(t.db, first.id)), ...(await read(t.db, second.id))]).toEqual([row(first, first.name), row(second, second.name)]);
    expect(builds).toBe(2);
  });
});
