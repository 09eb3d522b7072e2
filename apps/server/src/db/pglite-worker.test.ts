import { spawn } from 'node:child_process';
import { once } from 'node:events';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isUniqueViolation } from '../lib/db-errors.js';
import { PGLITE_OPTIONS } from './database.js';
import { PgliteWorkerClient } from './pglite-worker.js';

/** A statement that keeps PGlite busy for a good part of a second on this machine. */
const LONG_STATEMENT = 'select count(*)::int as n from generate_series(1, 3000000)';

// Decision 058. PGlite-only: the PostgreSQL project has no embedded database to run.
describe.skipIf(process.env.TEST_DB !== 'pglite')('the embedded database in its own thread', () => {
  let client: PgliteWorkerClient;

  beforeAll(async () => {
    client = await PgliteWorkerClient.open({ ...PGLITE_OPTIONS });
    await client.exec('create table t (id int primary key, name text not null, at timestamptz)');
  });

  afterAll(async () => {
    await client.close();
  });

  it('when a long statement runs, then this thread goes on (a timer fires before the statement ends)', async () => {
    let ended = false;
    const statement = client.query<{ n: number }>(LONG_STATEMENT).then((result) => {
      ended = true;
      return result;
    });
    // On the serving thread, PGlite's WebAssembly would hold it until the statement ends, and the timer after it.
    await new Promise((resolve) => setTimeout(resolve, 5));
    expect(ended).toBe(false);
    expect((await statement).rows).toEqual([{ n: 3_000_000 }]);
  });

  it('when rows come back, then they are PGlite parsed, and identity parsers keep a type as text', async () => {
    await client.query('insert into t (id, name, at) values ($1, $2, $3)', [1, 'Ali', new Date('2026-11-28T05:00:00Z')]);
    const parsed = await client.query<{ id: number; name: string; at: Date }>('select id, name, at from t where id = $1', [1]);
    expect(parsed.rows).toEqual([{ id: 1, name: 'Ali', at: new Date('2026-11-28T05:00:00Z') }]);
    expect(parsed.fields.map((field) => field.name)).toEqual(['id', 'name', 'at']);
    const text = await client.query<unknown[]>('select id, at from t where id = 1', [], { rowMode: 'array', parsers: { 1184: (value) => value } });
    expect(text.rows).toEqual([[1, '2026-11-28 05:00:00+00']]);
    const [executed] = await client.exec('select name from t where id = 1');
    expect(executed?.rows).toEqual([{ name: 'Ali' }]);
  });

  it('when a parser is not identity, then the call is refused', async () => {
    await expect(client.query('select 1', [], { parsers: { 1184: (value) => `at ${value}` } })).rejects.toThrow(/identity parsers only/);
  });

  it('when a statement fails, then its error keeps PostgreSQL code and fields', async () => {
    const error = await client.query('insert into t (id, name) values (1, $1)', ['again']).catch((caught: unknown) => caught);
    expect(error).toBeInstanceOf(Error);
    expect(error).toMatchObject({ code: '23505', constraint: 't_pkey', table: 't' });
    expect(isUniqueViolation(error)).toBe(true);
  });

  it('when a transaction commits, then its rows stay; when its callback throws, then nothing stays and the same error is thrown', async () => {
    await client.transaction(async (tx) => {
      await tx.query('insert into t (id, name) values (2, $1)', ['Bilal']);
      await tx.exec("insert into t (id, name) values (3, 'Sara')");
    });
    const failure = new Error('refused');
    const thrown = await client
      .transaction(async (tx) => {
        await tx.query('insert into t (id, name) values (4, $1)', ['Zara']);
        throw failure;
      })
      .catch((caught: unknown) => caught);
    expect(thrown).toBe(failure);
    const { rows } = await client.query<{ id: number }>('select id from t order by id');
    expect(rows.map((row) => row.id)).toEqual([1, 2, 3]);
  });

  it('when a transaction is open, then a statement outside it waits for its end (one transaction at a time, as PGlite)', async () => {
    const order: string[] = [];
    let release!: () => void;
    const held = new Promise<void>((resolve) => (release = resolve));
    const transaction = client.transaction(async (tx) => {
      await tx.query('update t set name = $1 where id = 1', ['Ali Raza']);
      await held;
      order.push('commit');
    });
    await new Promise((resolve) => setTimeout(resolve, 20));
    const outside = client.query<{ name: string }>('select name from t where id = 1').then((result) => {
      order.push('outside');
      return result;
    });
    await new Promise((resolve) => setTimeout(resolve, 50));
    expect(order).toEqual([]);
    release();
    await transaction;
    expect((await outside).rows).toEqual([{ name: 'Ali Raza' }]);
    expect(order).toEqual(['commit', 'outside']);
  });

  it('when a transaction has ended, then its client refuses statements', async () => {
    let kept: Parameters<Parameters<PgliteWorkerClient['transaction']>[0]>[0] | undefined;
    await client.transaction(async (tx) => {
      kept = tx;
    });
    await expect(kept!.query('select 1')).rejects.toThrow('Transaction is closed');
  });
});

describe.skipIf(process.env.TEST_DB !== 'pglite')('opening and closing the embedded database in its own thread', () => {
  let dir: string;

  beforeAll(() => {
    dir = mkdtempSync(path.join(tmpdir(), 'portal-pglite-worker-'));
  });

  afterAll(() => {
    rmSync(dir, { recursive: true, force: true });
  });

  it("when the data directory cannot be a database, then open fails with PGlite's error (its file system's errno)", async () => {
    const file = path.join(dir, 'not-a-directory');
    writeFileSync(file, 'x');
    await expect(PgliteWorkerClient.open({ ...PGLITE_OPTIONS, dataDir: file })).rejects.toMatchObject({ errno: expect.any(Number) });
  });

  it('when closed, then the data stays on disk for the next open, and the closed client refuses statements', async () => {
    const dataDir = path.join(dir, 'db');
    const first = await PgliteWorkerClient.open({ ...PGLITE_OPTIONS, dataDir });
    await first.exec("create table kept (name text); insert into kept values ('on disk')");
    await first.close();
    await expect(first.query('select 1')).rejects.toThrow('the embedded database is closed');
    const second = await PgliteWorkerClient.open({ ...PGLITE_OPTIONS, dataDir });
    try {
      expect((await second.query('select name from kept')).rows).toEqual([{ name: 'on disk' }]);
    } finally {
      await second.close();
    }
  });
});

describe.skipIf(process.env.TEST_DB !== 'pglite')('the embedded database thread and the process', () => {
  it('when a script runs a statement and has nothing else to do, then it gets the answer and exits', async () => {
    const script = [
      `const { PgliteWorkerClient } = await import(${JSON.stringify(new URL('./pglite-worker.ts', import.meta.url).href)});`,
      `const client = await PgliteWorkerClient.open({ postgresqlconf: [] });`,
      `const { rows } = await client.query('select 40 + 2 as answer');`,
      `process.stdout.write('answer ' + rows[0].answer);`,
    ].join('\n');
    const child = spawn(process.execPath, ['--import', 'tsx', '--input-type=module', '-e', script], { stdio: ['ignore', 'pipe', 'pipe'] });
    let output = '';
    child.stdout.on('data', (chunk: Buffer) => (output += chunk.toString()));
    const exited = await Promise.race([
      once(child, 'exit').then(([code]) => code as number | null),
      new Promise<'still running'>((resolve) => setTimeout(() => resolve('still running'), 30_000)),
    ]);
    if (exited === 'still running') child.kill();
    expect({ exited, output }).toEqual({ exited: 0, output: 'answer 42' });
  }, 45_000);
});
