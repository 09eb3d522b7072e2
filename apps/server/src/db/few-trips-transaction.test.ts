import { sql } from 'drizzle-orm';
import type pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { fixedStatement, runFixed, type FixedRun } from '../lib/prepared.js';
import { buildTestApp, type TestApp } from '../test/helpers.js';
import { transactionInFewTrips } from './few-trips-transaction.js';

// Decision 069: a transaction whose fixed statements go together, BEGIN in its first message and COMMIT in its last.
// On both engines the rows, the values and the transaction's outcome are those of the statements run one by one.

let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
  await t.db.execute(sql.raw(`create table few_trips (id serial primary key, code text not null unique, tags text[] not null, doc jsonb, at timestamptz)`));
});

afterAll(async () => {
  await t.close();
});

const insertTrip = fixedStatement(
  'few_trips_test_insert',
  () => sql`insert into few_trips (code, tags, doc, at) values (${sql.placeholder('code')}::text, ${sql.placeholder('tags')}::text[],
    ${sql.placeholder('doc')}::jsonb, ${sql.placeholder('at')}::timestamptz) returning id, code, tags, doc, at`,
);
const countTrips = fixedStatement('few_trips_test_count', () => sql`select count(*)::int as n from few_trips where code like ${sql.placeholder('prefix')}::text || '%'`);

type Trip = { id: number; code: string; tags: string[]; doc: unknown; at: string | null };
const insertRun = (values: { code: string; tags: Array<string | null>; doc: unknown; at: Date | null }): FixedRun<Trip> => ({
  statement: insertTrip,
  values,
  read: ([row]: Trip[]) => row!,
});
const countRun = (prefix: string): FixedRun<number> => ({ statement: countTrips, values: { prefix }, read: ([row]: Array<{ n: number }>) => row!.n });

const tricky = [`O'Brien`, 'back\\slash', 'a "quoted", comma', '{braces}', 'NULL', '', 'ünïcødé ✈', 'semi; drop table users; --'];

describe('a transaction in few round trips (decision 069)', () => {
  it('when statements go together and the last message commits, then each answers its rows in order with its values unchanged, and all stay', async () => {
    const at = new Date('2026-11-29T04:30:00.000Z');
    const doc = { name: `O'Brien`, tags: ['a"b', 'c\\d'] };
    const [first, second, count] = await transactionInFewTrips(t.db, async ({ send }) => {
      const [one, two] = await send([insertRun({ code: `a1 ${tricky[0]}`, tags: [...tricky, null], doc, at }), insertRun({ code: 'a2 \\', tags: [], doc: null, at: null })]);
      const [n] = await send([countRun('a')], { commit: true });
      return [one, two, n] as const;
    });
    expect(first).toMatchObject({ code: `a1 O'Brien`, tags: [...tricky, null], doc });
    expect(new Date(first.at!).toISOString()).toBe(at.toISOString());
    expect(second).toMatchObject({ code: 'a2 \\', tags: [], doc: null, at: null });
    expect(second.id).toBeGreaterThan(first.id);
    expect(count).toBe(2);
    // Committed: seen from outside the transaction.
    expect(await runFixed(t.db, countRun('a'))).toBe(2);
  });

  it('when a statement of the committing message fails, then nothing of the transaction stays, and the next one runs', async () => {
    await expect(
      transactionInFewTrips(t.db, async ({ send }) => {
        await send([insertRun({ code: 'b1', tags: [], doc: null, at: null })]);
        // The second insert breaks the unique code: the message's COMMIT never runs.
        await send([insertRun({ code: 'b2', tags: [], doc: null, at: null }), insertRun({ code: 'b1', tags: [], doc: null, at: null })], { commit: true });
      }),
    ).rejects.toSatisfy((error: unknown) => JSON.stringify(error).includes('23505') || String(error).includes('unique'));
    expect(await runFixed(t.db, countRun('b'))).toBe(0);
    const [n] = await transactionInFewTrips(t.db, ({ send }) => send([countRun('b')], { commit: true }));
    expect(n).toBe(0);
  });

  it("when the body's own statements run before anything is sent and it then fails, then they are rolled back with it", async () => {
    await expect(
      transactionInFewTrips(t.db, async ({ tx, send }) => {
        await tx.execute(sql`insert into few_trips (code, tags) values ('c1', '{}')`);
        await send([insertRun({ code: 'c2', tags: [], doc: null, at: null })]);
        throw new Error('refused');
      }),
    ).rejects.toThrow('refused');
    expect(await runFixed(t.db, countRun('c'))).toBe(0);
  });

  it('when nothing asks to commit, then the transaction commits when its body returns', async () => {
    await transactionInFewTrips(t.db, async ({ tx, send }) => {
      await send([insertRun({ code: 'd1', tags: [], doc: null, at: null })]);
      await tx.execute(sql`insert into few_trips (code, tags) values ('d2', '{}')`);
    });
    expect(await runFixed(t.db, countRun('d'))).toBe(2);
  });
});

describe.runIf(process.env.TEST_DB === 'postgres')('a transaction in few round trips on PostgreSQL (decision 069)', () => {
  const pool = () => (t.db._.session as unknown as { client: pg.Pool }).client;

  it('when a transaction sends two statements and then one with COMMIT, then PostgreSQL receives two messages', async () => {
    // Every connection of the pool prepares both statements first (once per connection), in transactions rolled back.
    const warm = (index: number) =>
      transactionInFewTrips(t.db, async ({ send }) => {
        await send([insertRun({ code: `warm${index}`, tags: [], doc: null, at: null }), countRun('e')]);
        throw new Error('warm');
      }).catch(() => undefined);
    await Promise.all(Array.from({ length: 10 }, (_, index) => warm(index)));
    const sent: string[] = [];
    let restore = () => {};
    pool().once('acquire', (client: pg.PoolClient) => {
      const query = client.query;
      restore = () => {
        client.query = query;
      };
      client.query = ((...args: unknown[]) => {
        const config = args[0] as string | { text: string };
        sent.push(typeof config === 'string' ? config : config.text);
        return (query as (...a: unknown[]) => unknown).apply(client, args);
      }) as typeof client.query;
    });
    const [inserted, , n] = await transactionInFewTrips(t.db, async ({ send }) => {
      const [row, before] = await send([insertRun({ code: 'e1', tags: [], doc: null, at: null }), countRun('e')]);
      const [after] = await send([countRun('e')], { commit: true });
      return [row, before, after] as const;
    });
    restore();
    expect(inserted.code).toBe('e1');
    expect(n).toBe(1);
    expect(sent).toHaveLength(2);
    expect(sent[0]).toMatch(/^BEGIN; EXECUTE fx_few_trips_test_insert\(.*\); EXECUTE fx_few_trips_test_count\(E'e'\)$/);
    expect(sent[1]).toBe(`EXECUTE fx_few_trips_test_count(E'e'); COMMIT`);
  });

  it("when a statement after a lock in the same message waits for the lock, then it sees what the lock's holder committed", async () => {
    const row = await runFixed(t.db, insertRun({ code: 'f-lock', tags: [], doc: null, at: null }));
    const lockTrip = fixedStatement('few_trips_test_lock', () => sql`select id from few_trips where id = ${sql.placeholder('id')}::int for update`);
    const holder = await pool().connect();
    try {
      await holder.query('BEGIN');
      await holder.query('select id from few_trips where id = $1 for update', [row.id]);
      const waiting = transactionInFewTrips(t.db, ({ send }) =>
        send([{ statement: lockTrip, values: { id: row.id }, read: (rows: unknown[]) => rows.length }, countRun('f')], { commit: true }),
      );
      // The waiting message is under way; the holder adds a row and commits, which grants the lock.
      await new Promise((resolve) => setTimeout(resolve, 200));
      await holder.query(`insert into few_trips (code, tags) values ('f-new', '{}')`);
      await holder.query('COMMIT');
      expect(await waiting).toEqual([1, 2]);
    } finally {
      holder.release();
    }
  });
});
