import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import pg from 'pg';

export type Engine = 'pglite' | 'postgres';

export interface PreparedEngine {
  engine: Engine;
  /** Uploads, mail files and the app secret; the embedded database too for PGlite. */
  dataDir: string;
  /** Set for PostgreSQL: a database created for this run. */
  databaseUrl?: string;
  dispose(): Promise<void>;
}

/** Where the bench may create (and drop) its PostgreSQL databases: a maintenance database on the server. */
export function benchAdminUrl(): string {
  return process.env.BENCH_DATABASE_URL ?? 'postgres://postgres@127.0.0.1:5432/postgres';
}

/** A fresh, empty place for one engine's run: a temporary DATA_DIR, plus a new database on PostgreSQL. */
export async function prepareEngine(engine: Engine, options: { keep: boolean }): Promise<PreparedEngine> {
  const dataDir = mkdtempSync(path.join(tmpdir(), `portal-bench-${engine}-`));
  const removeDir = () => {
    if (!options.keep) rmSync(dataDir, { recursive: true, force: true });
  };
  if (engine === 'pglite') return { engine, dataDir, dispose: async () => removeDir() };

  const adminUrl = benchAdminUrl();
  const name = `portal_bench_${Date.now()}`;
  const client = new pg.Client({ connectionString: adminUrl });
  await client.connect();
  try {
    await client.query(`create database ${name}`);
  } finally {
    await client.end();
  }
  const url = new URL(adminUrl);
  url.pathname = `/${name}`;
  return {
    engine,
    dataDir,
    databaseUrl: url.toString(),
    async dispose() {
      removeDir();
      if (options.keep) return;
      const dropper = new pg.Client({ connectionString: adminUrl });
      await dropper.connect();
      try {
        await dropper.query(`drop database if exists ${name} with (force)`);
      } finally {
        await dropper.end();
      }
    },
  };
}

/** Fails early, with the reason, when PostgreSQL is not there (rather than half-way through the run). */
export async function checkPostgres(): Promise<string | null> {
  const client = new pg.Client({ connectionString: benchAdminUrl(), connectionTimeoutMillis: 3_000 });
  try {
    await client.connect();
    await client.query('select 1');
    return null;
  } catch (error) {
    return error instanceof Error ? error.message : String(error);
  } finally {
    await client.end().catch(() => undefined);
  }
}
