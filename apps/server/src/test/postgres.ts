import { randomBytes } from 'node:crypto';
import pg from 'pg';

// Test-only: the PostgreSQL project of vitest.config.ts (PRODUCT §1: the same suite runs on both engines).

export const DEFAULT_TEST_DATABASE_URL = 'postgres://postgres@127.0.0.1:5432/test';

export function testDatabaseUrl(): string {
  return process.env.TEST_DATABASE_URL || DEFAULT_TEST_DATABASE_URL;
}

/** The same server and credentials, another database. */
export function withDatabase(url: string, database: string): string {
  const parsed = new URL(url);
  parsed.pathname = `/${database}`;
  return parsed.toString();
}

/** The URL without its password, for messages. */
export function describeUrl(url: string): string {
  const parsed = new URL(url);
  if (parsed.password) parsed.password = '***';
  return parsed.toString();
}

export async function connectMaintenance(url = testDatabaseUrl()): Promise<pg.Client> {
  const client = new pg.Client({ connectionString: url, connectionTimeoutMillis: 3000 });
  // An idle client whose server goes away emits 'error'; without a listener that would crash the runner.
  client.on('error', () => undefined);
  await client.connect();
  return client;
}

export async function canReachPostgres(url = testDatabaseUrl()): Promise<{ ok: true } | { ok: false; reason: string }> {
  try {
    const client = await connectMaintenance(url);
    await client.end();
    return { ok: true };
  } catch (error) {
    return { ok: false, reason: error instanceof Error ? error.message || String(error) : String(error) };
  }
}

/** Database names are built from hex only, but quote them anyway. */
export function quoteIdent(name: string): string {
  return `"${name.replaceAll('"', '""')}"`;
}

/**
 * A new, empty database beside the test database for server processes to migrate and seed themselves; `prefix`
 * is the run's (inject('pgRunPrefix')), so that teardown drops what a crashed run left. drop() removes it.
 */
export async function createScratchDatabase(prefix: string): Promise<{ url: string; drop(): Promise<void> }> {
  const name = `${prefix}${randomBytes(4).toString('hex')}`;
  const admin = await connectMaintenance();
  try {
    await admin.query(`create database ${quoteIdent(name)}`);
  } finally {
    await admin.end();
  }
  return {
    url: withDatabase(testDatabaseUrl(), name),
    async drop() {
      const maintenance = await connectMaintenance();
      try {
        await maintenance.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      } finally {
        await maintenance.end();
      }
    },
  };
}
