import pg from 'pg';
import { afterAll, beforeAll, describe, expect, inject, it } from 'vitest';
import { createScratchDatabase } from '../test/postgres.js';
import { installNamedStatements, type NamedStatements } from './pg-statements.js';

// Decision 064: named statements on PostgreSQL. A pool with the naming installed, as openDatabase installs it, and a
// plain one on the same database, run side by side: every answer must be the same whichever way it ran.

const onPostgres = process.env.TEST_DB === 'postgres';

describe.runIf(onPostgres)('named statements on PostgreSQL (decision 064)', () => {
  let database: Awaited<ReturnType<typeof createScratchDatabase>> | undefined;
  let namedPool: pg.Pool;
  let plainPool: pg.Pool;
  let naming: NamedStatements;

  /** A pool of the scratch database; an idle client that the database's drop ends must not crash the runner. */
  function poolOf(max: number): pg.Pool {
    const pool = new pg.Pool({ connectionString: database!.url, max });
    pool.on('error', () => undefined);
    return pool;
  }

  /** The statements one connection of `pool` has prepared (name and text), and that connection's answer to `run`. */
  async function onOneConnection<T>(pool: pg.Pool, run: (client: pg.PoolClient) => Promise<T>): Promise<{ prepared: Array<{ name: string; statement: string }>; result: T }> {
    const client = await pool.connect();
    try {
      const result = await run(client);
      const prepared = (await client.query('select name, statement from pg_prepared_statements order by prepare_time, name')).rows as Array<{ name: string; statement: string }>;
      return { prepared, result };
    } finally {
      client.release();
    }
  }

  beforeAll(async () => {
    database = await createScratchDatabase(`${inject('pgRunPrefix')}ns_`);
    namedPool = poolOf(2);
    naming = installNamedStatements(namedPool);
    plainPool = poolOf(2);
    await plainPool.query(`create table trips (id serial primary key, pnr text not null unique, seats int not null, departs date not null,
      booked_at timestamptz not null, tags text[] not null default '{}', doc jsonb)`);
  }, 60_000);

  afterAll(async () => {
    await namedPool?.end();
    await plainPool?.end();
    await database?.drop();
  });

  it('when a text with parameters runs a second time, then it is named, prepared once on the connection, and answers as unnamed', async () => {
    const insert = 'insert into trips (pnr, seats, departs, booked_at, tags, doc) values ($1, $2, $3, $4, $5, $6) returning id, pnr, seats, tags, doc';
    for (const [index, values] of [
      ['ABC123', 3, '2026-12-01', new Date('2026-11-28T10:00:00.123Z'), ['window', `O'Brien`], { note: 'back\\slash "quoted"' }],
      ['DEF456', 0, '2026-12-02', '2026-11-28 15:00:00+05', [], null],
      [`X'Y\\Z`, 7, '2026-12-03', new Date('2026-11-29T00:00:00Z'), ['a,b', '{c}', 'NULL'], JSON.stringify(['list'])],
    ].entries()) {
      const pool = index % 2 === 0 ? namedPool : plainPool;
      expect((await pool.query(insert, values as unknown[])).rowCount).toBe(1);
    }
    const select = { text: 'select pnr, seats, departs, booked_at, tags, doc from trips where seats >= $1 and pnr <> $2 order by id', rowMode: 'array' as const };
    const { prepared, result } = await onOneConnection(namedPool, async (client) => {
      const answers = [];
      for (const values of [[0, ''], [1, 'ABC123'], [0, `X'Y\\Z`]]) answers.push((await client.query(select, values)).rows);
      return answers;
    });
    const plain = [];
    for (const values of [[0, ''], [1, 'ABC123'], [0, `X'Y\\Z`]]) plain.push((await plainPool.query(select, values)).rows);
    expect(result).toEqual(plain);
    expect(result[0]).toHaveLength(3);
    // Seen three times on this connection: prepared here once, by a name made of the text's hash.
    const selects = prepared.filter((row) => row.statement === select.text);
    expect(selects).toHaveLength(1);
    expect(selects[0]!.name).toMatch(/^s_[0-9a-f]{40}$/);
    expect(naming.named).toBeGreaterThanOrEqual(2);
    // Drizzle passes one config object on every run: it is left as it was.
    expect(select).not.toHaveProperty('name');
  });

  it('when a named statement fails, then it fails as unnamed, and the connection and the name keep working', async () => {
    const insert = 'insert into trips (pnr, seats, departs, booked_at) values ($1, $2, $3, $4)';
    const values = ['ABC123', 1, '2026-12-01', new Date()];
    const errors: string[] = [];
    for (let run = 0; run < 3; run++) {
      errors.push(await namedPool.query(insert, values).then(() => 'no error', (error: Error & { code?: string }) => `${error.code} ${error.message}`));
    }
    const plain = await plainPool.query(insert, values).then(() => 'no error', (error: Error & { code?: string }) => `${error.code} ${error.message}`);
    expect(errors).toEqual([plain, plain, plain]);
    expect(plain).toMatch(/^23505 duplicate key value violates unique constraint "trips_pnr_key"/);
    // A text that cannot be parsed: the same syntax error every time, never "prepared statement does not exist".
    const broken = 'select pnr from trips where seats > $1 order by';
    for (let run = 0; run < 3; run++) await expect(namedPool.query(broken, [1])).rejects.toThrow(/syntax error at end of input/);
    await expect(namedPool.query(insert, ['NEW001', 1, '2026-12-05', new Date()])).resolves.toMatchObject({ rowCount: 1 });
  });

  it('when a text has no parameters, then it is never named (it may hold several statements)', async () => {
    const text = 'select count(*)::int as n from trips; select 1 as one';
    const { prepared, result } = await onOneConnection(namedPool, async (client) => {
      const answers = [];
      for (let run = 0; run < 3; run++) answers.push(await client.query(text));
      return answers;
    });
    expect(result.map((answer) => (answer as unknown as pg.QueryResult[]).map((part) => part.rows))).toEqual(Array(3).fill([[{ n: 4 }], [{ one: 1 }]]));
    expect(prepared.filter((row) => row.statement === text)).toEqual([]);
  });

  it('when the limit is reached, then further texts run unnamed and still answer', async () => {
    const limited = poolOf(1);
    const counted = installNamedStatements(limited, { maxNamed: 2 });
    try {
      for (let text = 0; text < 4; text++) {
        for (let run = 0; run < 3; run++) expect((await limited.query(`select $1::int + ${text} as n`, [run])).rows).toEqual([{ n: run + text }]);
      }
      expect(counted.named).toBe(2);
      const { prepared } = await onOneConnection(limited, async () => undefined);
      expect(prepared.map((row) => row.statement)).toEqual(['select $1::int + 0 as n', 'select $1::int + 1 as n']);
    } finally {
      await limited.end();
    }
  });

  it('when a column the statement returns changes type under it, then that run fails and the text runs unnamed after', async () => {
    // A client held from the pool, as in a transaction: pg-pool drops a client whose pool.query failed, but a held
    // one keeps its prepared statements, and PostgreSQL would refuse the stale one on every run.
    const pool = poolOf(1);
    // Few texts counted, so that the one-off texts below make it forget the texts seen once.
    installNamedStatements(pool, { maxCounted: 3 });
    const client = await pool.connect();
    try {
      await client.query('create table fares (id int primary key, amount int not null)');
      await client.query('insert into fares values (1, 100)');
      const text = 'select * from fares where id = $1';
      for (let run = 0; run < 3; run++) expect((await client.query(text, [1])).rows).toEqual([{ id: 1, amount: 100 }]);
      // What a newer process's migration would do under this one.
      await plainPool.query('alter table fares alter column amount type text');
      await expect(client.query(text, [1])).rejects.toThrow(/cached plan must not change result type/);
      for (let run = 0; run < 3; run++) expect((await client.query(text, [1])).rows).toEqual([{ id: 1, amount: '100' }]);
      // Texts seen once are forgotten to make room; the stale one is not, so it is never named again.
      for (let once = 0; once < 4; once++) await client.query(`select $1::int + ${once} as n`, [once]);
      for (let run = 0; run < 3; run++) expect((await client.query(text, [1])).rows).toEqual([{ id: 1, amount: '100' }]);
      // The callback form forgets it likewise.
      const other = 'select amount from fares where id = $1';
      for (let run = 0; run < 2; run++) await client.query(other, [1]);
      await plainPool.query('alter table fares alter column amount type int using amount::int');
      const failure = await new Promise<unknown>((resolve) => client.query(other, [1], (error) => resolve(error)));
      expect(failure).toMatchObject({ code: '0A000' });
      expect((await client.query(other, [1])).rows).toEqual([{ amount: 100 }]);
    } finally {
      client.release();
      await pool.end();
    }
  });

  it('when two connections run the same text, then each prepares it under the same name', async () => {
    const text = 'select seats from trips where pnr = $1';
    const [first, second] = await Promise.all([namedPool.connect(), namedPool.connect()]);
    try {
      for (const client of [first!, second!]) for (let run = 0; run < 2; run++) expect((await client.query(text, ['DEF456'])).rows).toEqual([{ seats: 0 }]);
      const names = await Promise.all(
        [first!, second!].map(async (client) => ((await client.query('select name from pg_prepared_statements where statement = $1', [text])).rows as Array<{ name: string }>).map((row) => row.name)),
      );
      expect(names[0]).toHaveLength(1);
      expect(names[1]).toEqual(names[0]);
    } finally {
      first!.release();
      second!.release();
    }
  });
});
