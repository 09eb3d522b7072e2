import type pg from 'pg';
import { describe, expect, it } from 'vitest';
import { openTestDatabase } from '../test/helpers.js';
import { POOL_IDLE_TIMEOUT_MS } from './database.js';

// Decision 059 addendum. PostgreSQL only: the embedded database has no pool.
describe.skipIf(process.env.TEST_DB !== 'postgres')('the PostgreSQL pool', () => {
  it('when connections sit idle, then the pool keeps them (no idle timeout), so their prepared statements stay', async () => {
    const handle = await openTestDatabase();
    try {
      const pool = (handle.db as unknown as { $client: pg.Pool }).$client;
      expect(POOL_IDLE_TIMEOUT_MS).toBe(0);
      expect(pool.options.idleTimeoutMillis).toBe(0);
      const first = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      const again = await pool.query<{ pid: number }>('select pg_backend_pid() as pid');
      expect(again.rows[0]!.pid).toBe(first.rows[0]!.pid);
    } finally {
      await handle.close();
    }
  });
});
