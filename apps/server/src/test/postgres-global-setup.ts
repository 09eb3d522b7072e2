import { randomBytes } from 'node:crypto';
import type { TestProject } from 'vitest/node';
import { openDatabase } from '../db/database.js';
import { connectMaintenance, describeUrl, quoteIdent, testDatabaseUrl, withDatabase } from './postgres.js';

declare module 'vitest' {
  export interface ProvidedContext {
    /** Migrated database each test file copies (`create database … template …`). */
    pgTemplate: string;
    /** Prefix of every database this run creates, so teardown drops them all. */
    pgRunPrefix: string;
  }
}

/**
 * Runs once per `postgres` project run: migrates a template database, so each test file gets a fresh,
 * migrated database by copying it (cheap) instead of migrating again.
 */
export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const url = testDatabaseUrl();
  let admin;
  try {
    admin = await connectMaintenance(url);
  } catch (error) {
    throw new Error(
      `PostgreSQL tests: cannot connect to ${describeUrl(url)} (${(error as Error).message}). ` +
        'Start PostgreSQL or set TEST_DATABASE_URL; outside CI the postgres project is skipped when unreachable.',
      { cause: error },
    );
  }
  const prefix = `t_${randomBytes(4).toString('hex')}_`;
  const template = `${prefix}template`;
  await admin.query(`create database ${quoteIdent(template)}`);
  const handle = await openDatabase({ databaseUrl: withDatabase(url, template), dataDir: 'unused' });
  await handle.close();

  project.provide('pgTemplate', template);
  project.provide('pgRunPrefix', prefix);

  return async () => {
    const { rows } = await admin.query<{ datname: string }>(
      `select datname from pg_database where datname like $1 order by datname = $2`,
      [`${prefix}%`, template],
    );
    for (const { datname } of rows) {
      await admin.query(`drop database if exists ${quoteIdent(datname)} with (force)`);
    }
    await admin.end();
  };
}
