import { PGlite, types, type QueryOptions } from '@electric-sql/pglite';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { DRIZZLE_TEXT_TYPES, installStatementCache, withoutTextParsers, type StatementCache } from './pglite-statements.js';

// Decision 062: the embedded database's statement cache. A raw PGlite with the cache installed, as openDatabase
// installs it, and a second one without, run side by side: every answer must be the same whichever way it ran.
// Decision 065: the cached one reads Drizzle's text types as text itself, so the plain one is opened with the same
// parsers.

/** What Drizzle's PGlite driver passes for a mapped select (rows as arrays, instants and dates as text). */
const ARRAY_ROWS: QueryOptions = { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: (value: string) => value, [types.DATE]: (value: string) => value } };

let cachedDb: PGlite;
let plainDb: PGlite;
let cache: StatementCache;

async function preparedTexts(db: PGlite): Promise<string[]> {
  const result = await db.exec('select statement from pg_prepared_statements order by prepare_time, name');
  return (result[0]!.rows as Array<{ statement: string }>).map((row) => row.statement);
}

const SETUP = `create table trips (id serial primary key, pnr text not null unique, seats int not null, departs date not null,
  booked_at timestamptz not null, tags text[] not null default '{}', doc jsonb, paid boolean not null default false)`;

beforeAll(async () => {
  cachedDb = new PGlite();
  plainDb = new PGlite({ parsers: Object.fromEntries([...DRIZZLE_TEXT_TYPES].map((type) => [type, (value: string) => value])) });
  // As openDatabase does: installed once PGlite is ready (its start registers the array types' parsers).
  await cachedDb.waitReady;
  cache = installStatementCache(cachedDb, { maxPrepared: 8 });
  for (const db of [cachedDb, plainDb]) await db.exec(SETUP);
}, 60_000);

afterAll(async () => {
  await cachedDb?.close();
  await plainDb?.close();
});

describe.skipIf(process.env.TEST_DB === 'postgres')('the embedded database statement cache (decision 062)', () => {
  it('when a statement runs a second time, then it is PREPAREd once and every run answers as the uncached database does', async () => {
    const insert = `insert into trips (pnr, seats, departs, booked_at, tags, doc, paid) values ($1, $2, $3, $4, $5, $6, $7) returning id, pnr, tags, doc`;
    const values = [
      ['ABC123', 3, '2026-12-01', new Date('2026-11-28T10:00:00.123Z'), ['window', `O'Brien`], { note: 'back\\slash "quoted"' }, true],
      ['DEF456', 0, '2026-12-02', '2026-11-28 15:00:00+05', [], null, false],
      [`X'Y\\Z`, 7, '2026-12-03', new Date('2026-11-29T00:00:00Z'), ['a,b', '{c}', 'NULL'], ['list'], false],
    ];
    for (const params of values) {
      const [cached, plain] = [await cachedDb.query(insert, params, ARRAY_ROWS), await plainDb.query(insert, params, ARRAY_ROWS)];
      expect(cached.rows).toEqual(plain.rows);
    }
    const select = `select pnr, seats, departs, booked_at, tags, doc, paid from trips where seats >= $1 and pnr <> $2 order by id`;
    for (const params of [[0, ''], [1, 'ABC123'], [0, `X'Y\\Z`]]) {
      for (const options of [ARRAY_ROWS, undefined]) {
        expect((await cachedDb.query(select, params, options)).rows).toEqual((await plainDb.query(select, params, options)).rows);
      }
    }
    const texts = await preparedTexts(cachedDb);
    expect(texts.filter((text) => text.includes('insert into trips'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('select pnr, seats'))).toHaveLength(1);
    expect(cache.prepared).toBe(2);
  });

  it('when an update or delete runs prepared, then it reports the same affected rows', async () => {
    const update = 'update trips set paid = $1 where seats > $2';
    for (const params of [[true, 0], [false, 5], [true, 100]]) {
      const [cached, plain] = [await cachedDb.query(update, params), await plainDb.query(update, params)];
      expect(cached.affectedRows).toBe(plain.affectedRows);
    }
  });

  it('when a prepared statement breaks a constraint, then the error is the same: its code and constraint', async () => {
    const insert = `insert into trips (pnr, seats, departs, booked_at) values ($1, 1, '2026-12-01', now())`;
    for (const pnr of ['NEW001', 'NEW002']) await cachedDb.query(insert, [pnr]);
    const failure = await cachedDb.query(insert, ['NEW001']).catch((error: unknown) => error);
    expect(failure).toMatchObject({ code: '23505', constraint: 'trips_pnr_key' });
  });

  it('when statements run in a transaction that rolls back, then their rows go, and what was prepared in it stays usable', async () => {
    const count = 'select count(*)::int as n from trips where pnr like $1';
    const insert = `insert into trips (pnr, seats, departs, booked_at) values ($1, 2, '2026-12-05', now())`;
    await cachedDb
      .transaction(async (tx) => {
        for (const pnr of ['TX0001', 'TX0002', 'TX0003']) await tx.query(insert, [pnr]);
        expect((await tx.query<{ n: number }>(count, ['TX%'])).rows).toEqual([{ n: 3 }]);
        await tx.query(count, ['TX%']);
        await tx.rollback();
      })
      .catch(() => undefined);
    expect((await cachedDb.query<{ n: number }>(count, ['TX%'])).rows).toEqual([{ n: 0 }]);
    await cachedDb.query(insert, ['TX0004']);
    expect((await cachedDb.query<{ n: number }>(count, ['TX%'])).rows).toEqual([{ n: 1 }]);
    const texts = await preparedTexts(cachedDb);
    expect(texts.filter((text) => text.includes('values ($1, 2,'))).toHaveLength(1);
    expect(texts.filter((text) => text.includes('count(*)::int as n from trips'))).toHaveLength(1);
  });

  it('when the same new statement is asked for at once, then each gets its own rows and it is prepared once', async () => {
    const text = 'select $1::int * 3 as tripled';
    const rows = await Promise.all(Array.from({ length: 20 }, (_, n) => cachedDb.query<{ tripled: number }>(text, [n])));
    expect(rows.map((result) => result.rows[0]!.tripled)).toEqual(Array.from({ length: 20 }, (_, n) => n * 3));
    expect((await preparedTexts(cachedDb)).filter((prepared) => prepared.includes('as tripled'))).toHaveLength(1);
  });

  it('when a statement cannot be prepared (SET, SAVEPOINT, DDL) or the limit is reached, then it runs as it is', async () => {
    for (let round = 0; round < 3; round += 1) {
      await cachedDb.query(`set application_name = 'portal'`);
      await cachedDb.transaction(async (tx) => {
        await tx.query('savepoint sp1');
        await tx.query('release savepoint sp1');
      });
    }
    const before = cache.prepared;
    expect(before).toBe(7);
    for (let n = 0; n < 10; n += 1) {
      const text = `select $1::int + ${n} as sum_${n}`;
      for (let round = 0; round < 2; round += 1) expect((await cachedDb.query<Record<string, number>>(text, [1])).rows).toEqual([{ [`sum_${n}`]: 1 + n }]);
    }
    expect(cache.prepared).toBe(8);
    const texts = await preparedTexts(cachedDb);
    expect(texts).toHaveLength(8);
    expect(texts.some((text) => /application_name|savepoint/i.test(text))).toBe(false);
  });
  it('when Drizzle asks for its text types as text, then the query passes no parsers and the values still come as text (decision 065)', async () => {
    expect(withoutTextParsers(ARRAY_ROWS)).toEqual({ rowMode: 'array', parsers: undefined });
    expect(withoutTextParsers(undefined)).toBeUndefined();
    const own: QueryOptions = { rowMode: 'array', parsers: { [types.TIMESTAMPTZ]: (value: string) => value, [types.INT4]: (value: string) => Number(value) * 2 } };
    expect(withoutTextParsers(own)).toBe(own);
    await cachedDb.exec(`create table stays (pnr text primary key, seats int not null, departs date not null, booked_at timestamptz not null);
      insert into stays values ('TXT001', 4, '2026-12-09', '2026-11-28 08:30:00+00')`);
    const select = `select departs, booked_at, array[booked_at] as instants, interval '90 minutes' as span, seats from stays where pnr = $1`;
    const asDrizzle = [['2026-12-09', '2026-11-28 08:30:00+00', '{"2026-11-28 08:30:00+00"}', '01:30:00', 4]];
    for (let run = 0; run < 3; run++) {
      expect((await cachedDb.query(select, ['TXT001'], ARRAY_ROWS)).rows).toEqual(asDrizzle);
      expect((await cachedDb.query(select, ['TXT001'], { rowMode: 'array' })).rows).toEqual(asDrizzle);
      expect((await cachedDb.query(select, ['TXT001'], own)).rows).toEqual([[...asDrizzle[0]!.slice(0, 4), 8]]);
    }
  });
});
