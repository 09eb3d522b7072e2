import type { PassportOcr } from '../modules/passport-read/passport-ocr.js';
import { randomBytes } from 'node:crypto';
import { mkdtemp, readFile, rm } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { PgInsertValue } from 'drizzle-orm/pg-core';
import type { FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig, type AppConfig } from '../config/config.js';
import { openDatabase, type Database, type DatabaseHandle } from '../db/database.js';
import { seedDatabase } from '../db/seed/seed.js';
import { hashPassword } from '../lib/password.js';
import { nextAgentIdSql, users, type UserRow } from '../modules/users/users.table.js';
import { connectMaintenance, quoteIdent, testDatabaseUrl, withDatabase } from './postgres.js';
import { liveTestApps } from './live-apps.js';

export const ADMIN_EMAIL = 'admin@example.com';
export const ADMIN_PASSWORD = 'Admin@12345';

const silentLogger = { info: () => undefined, warn: () => undefined };

let pgliteTemplate: Blob | undefined;

/** A test database; `databaseUrl` on PostgreSQL, for a second pool on it (a second server process, decision 036). */
export type TestDatabaseHandle = DatabaseHandle & { databaseUrl?: string };

/** PGlite in memory, or a fresh copy of the migrated template on PostgreSQL (see vitest.config.ts). */
export async function openTestDatabase(): Promise<TestDatabaseHandle> {
  if (process.env.TEST_DB !== 'postgres') {
    // Loaded from the dump the pglite project's global setup made (pglite-global-setup.ts).
    pgliteTemplate ??= new Blob([await readFile(inject('pgliteTemplate'))]);
    return openDatabase({ dataDir: 'memory://', template: pgliteTemplate });
  }

  const name = `${inject('pgRunPrefix')}${randomBytes(6).toString('hex')}`;
  const admin = await connectMaintenance();
  try {
    // Copying needs the template to have no other session; concurrent copies can collide, so retry briefly.
    for (let attempt = 0; ; attempt++) {
      try {
        await admin.query(`create database ${quoteIdent(name)} template ${quoteIdent(inject('pgTemplate'))}`);
        break;
      } catch (error) {
        if (attempt >= 20) throw error;
        await new Promise((resolve) => setTimeout(resolve, 100 + Math.random() * 200));
      }
    }
  } finally {
    await admin.end();
  }
  const databaseUrl = withDatabase(testDatabaseUrl(), name);
  const handle = await openDatabase({ databaseUrl, dataDir: 'unused' });
  return {
    ...handle,
    databaseUrl,
    close: async () => {
      await handle.close();
      const cleanup = await connectMaintenance();
      try {
        await cleanup.query(`drop database if exists ${quoteIdent(name)} with (force)`);
      } finally {
        await cleanup.end();
      }
    },
  };
}

export interface TestAgent {
  user: UserRow;
  email: string;
  password: string;
}

export interface TestApp {
  app: FastifyInstance;
  db: Database;
  /** dataDir is a fresh temporary directory (uploads, app secret); the database stays in memory or on the test server. */
  config: AppConfig;
  /** PostgreSQL only: the test database's URL, to open another pool on it (another server process). */
  databaseUrl: string | undefined;
  /** Closes the app, drops its database and removes its data directory. */
  close(): Promise<void>;
  /** Closes only the database, under the running app (a lost connection); close() still cleans up. */
  closeDatabase(): Promise<void>;
  /** An agent (role user); approved agents get the next agent_id. */
  createAgent(options?: {
    status?: 'pending' | 'approved' | 'rejected';
    email?: string;
    password?: string | null;
    isActive?: boolean;
    changePassword?: boolean;
  }): Promise<TestAgent>;
  /** An extra administrator (the seed already made ADMIN_EMAIL / ADMIN_PASSWORD). */
  createAdmin(options?: { email?: string; password?: string; isActive?: boolean }): Promise<TestAgent>;
  /** Logs in through the API and returns the bearer token; throws unless the answer is 200. */
  loginAs(email: string, password: string): Promise<string>;
  /**
   * Tells the app that data changed behind its back (a factory wrote to the database): its read and session
   * caches drop what they hold, as after a write through the API (decision 009). setup.ts does it before
   * every test; call it between a direct write and a read in the same test.
   */
  dataChanged(): void;
}



let counter = 0;
function uniqueEmail(prefix: string): string {
  counter += 1;
  return `${prefix}${counter}-${randomBytes(3).toString('hex')}@example.com`;
}

/** A random private address per call, so helper logins never use up the per-IP login limit a test is measuring. */
export function randomIp(): string {
  const [a, b, c] = randomBytes(3);
  return `10.${a}.${b}.${(c ?? 0) % 250 + 1}`;
}

/**
 * The whole application on a fresh database (STYLE: tests boot the whole app and `inject`).
 * Call it in `beforeAll` and `close()` in `afterAll`: one database per test file.
 */
export async function buildTestApp(
  options: {
    webDistDir?: string;
    extraRoutes?: (app: FastifyInstance) => void | Promise<void>;
    /** Run the hold sweeper as main.ts does (off by default: tests call sweepExpiredHolds themselves). */
    holdSweeper?: { intervalMs?: number };
    /** Run the name-deadline job as main.ts does, on the given clock (off by default: tests call runNameDeadlines). */
    nameDeadlines?: { intervalMs?: number; now?: () => Date };
    /** Run the deadline reminders and the mail dispatcher as main.ts does (off by default: tests call sendDueReminders). */
    deadlineReminders?: { intervalMs?: number; firstTickMs?: number; now?: () => Date };
    /** Run the mail dispatcher (off by default: tests call dispatchDueEmails); SMTP_URL comes from `env`. */
    mailDispatcher?: { intervalMs?: number };
    /** Extra environment for loadConfig (e.g. TRUST_PROXY). */
    env?: Record<string, string>;
    /** An existing empty directory for DATA_DIR (a small tmpfs, say) instead of a new temporary one. */
    dataDir?: string;
    /** The app's database instead of the project's test database (a PGlite on disk, say); closed by close(). */
    database?: DatabaseHandle;
    /** Passport OCR for the app (a file's shared one, or a small queue); default: the app's own. */
    passportOcr?: PassportOcr;
  } = {},
): Promise<TestApp> {
  // Uploads need a real disk: a temporary DATA_DIR per test file, removed by close(); openTestDatabase
  // ignores it, so the database stays in memory (PGlite) or on the test PostgreSQL.
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'portal-test-data-')));
  const config: AppConfig = {
    ...loadConfig({ ...options.env, DATA_DIR: dataDir, SEED_DEMO: '0', LOG_LEVEL: 'silent' }),
    webDistDir: options.webDistDir,
  };
  const handle: TestDatabaseHandle = options.database ?? (await openTestDatabase());
  const { db } = handle;
  await seedDatabase({ db, config, logger: silentLogger });
  const app = await buildApp({
    config,
    db,
    extraRoutes: options.extraRoutes,
    holdSweeper: options.holdSweeper ?? false,
    nameDeadlines: options.nameDeadlines ?? false,
    deadlineReminders: options.deadlineReminders ?? false,
    mailDispatcher: options.mailDispatcher ?? false,
    passportOcr: options.passportOcr,
  });
  liveTestApps.add(app);

  async function insertUser(values: PgInsertValue<typeof users>): Promise<UserRow> {
    const [row] = await db.insert(users).values(values).returning();
    return row!;
  }

  let databaseClosed: Promise<void> | undefined;
  const closeDatabase = () => (databaseClosed ??= handle.close());

  return {
    app,
    db,
    config,
    databaseUrl: handle.databaseUrl,
    closeDatabase,
    dataChanged: () => app.dataChanges.changed(),
    async close() {
      liveTestApps.delete(app);
      try {
        await app.close();
        await closeDatabase();
      } finally {
        if (!options.dataDir) await rm(dataDir, { recursive: true, force: true });
      }
    },
    async createAgent({ status = 'approved', email, password, isActive = true, changePassword = false } = {}) {
      const address = email ?? uniqueEmail('agent');
      // Registrants have no password until accepted (PRODUCT §4); approved agents get one by default.
      const plain = password === undefined ? (status === 'approved' ? 'Agent@12345' : null) : password;
      const user = await insertUser({
        role: 'user',
        name: 'Test Agent',
        email: address,
        passwordHash: plain ? await hashPassword(plain) : null,
        activeStatus: status,
        isActive,
        changePassword,
        agentId: nextAgentIdSql,
        agencyName: 'Test Travels',
        phone: '03001234567',
        city: 'LAHORE',
        source: 'admin',
      });
      return { user, email: address, password: plain ?? '' };
    },
    async createAdmin({ email, password = 'Admin2@12345', isActive = true } = {}) {
      const address = email ?? uniqueEmail('admin');
      const user = await insertUser({
        role: 'admin',
        name: 'Second Admin',
        email: address,
        passwordHash: await hashPassword(password),
        activeStatus: 'approved',
        isActive,
        source: 'admin',
      });
      return { user, email: address, password };
    },
    async loginAs(email, password) {
      const response = await app.inject({
        method: 'POST',
        url: '/api/login',
        payload: { email, password },
        remoteAddress: randomIp(),
      });
      if (response.statusCode !== 200) throw new Error(`login as ${email} failed: ${response.statusCode} ${response.body}`);
      return (response.json() as { success: { token: string } }).success.token;
    },
  };
}

/** Where most route tests start: a fresh app, the seeded admin's token, and a new approved agent with its token. */
export interface AdminAndAgentTestBed {
  t: TestApp;
  /** The seeded admin's (ADMIN_EMAIL) bearer token. */
  admin: string;
  /** An approved agent made by createAgent(). */
  agent: TestAgent;
  /** That agent's bearer token. */
  agentToken: string;
}

/** buildTestApp (with its options), then the seeded admin and a new approved agent signed in. Call it in `beforeAll`. */
export async function startAppWithAdminAndAgent(options?: Parameters<typeof buildTestApp>[0]): Promise<AdminAndAgentTestBed> {
  const t = await buildTestApp(options);
  const admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  const agent = await t.createAgent();
  const agentToken = await t.loginAs(agent.email, agent.password);
  return { t, admin, agent, agentToken };
}

/** `Authorization` header for a token. */
export function bearer(token: string): { authorization: string } {
  return { authorization: `Bearer ${token}` };
}

/** A file part for `multipart()`: what a browser sends for a file input. */
export interface TestFilePart {
  filename: string;
  /** The declared type; the server does not trust it (PRODUCT §4). Default application/octet-stream. */
  contentType?: string;
  data: Buffer;
}

/**
 * A multipart/form-data payload from fields (repeat a name for `name[]` arrays); a value may be a file part.
 * The payload is a string when every value is text, a Buffer when the form carries files.
 */
export function multipart(fields: Array<[string, string]>): { payload: string; headers: Record<string, string> };
export function multipart(fields: Array<[string, string | TestFilePart]>): {
  payload: string | Buffer;
  headers: Record<string, string>;
};
export function multipart(fields: Array<[string, string | TestFilePart]>): {
  payload: string | Buffer;
  headers: Record<string, string>;
} {
  const boundary = `----test${randomBytes(8).toString('hex')}`;
  const headers = { 'content-type': `multipart/form-data; boundary=${boundary}` };
  if (fields.every(([, value]) => typeof value === 'string')) {
    const parts = fields.map(
      ([name, value]) => `--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value as string}\r\n`,
    );
    return { payload: `${parts.join('')}--${boundary}--\r\n`, headers };
  }
  const chunks: Buffer[] = [];
  for (const [name, value] of fields) {
    if (typeof value === 'string') {
      chunks.push(Buffer.from(`--${boundary}\r\ncontent-disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`));
      continue;
    }
    chunks.push(
      Buffer.from(
        `--${boundary}\r\ncontent-disposition: form-data; name="${name}"; filename="${value.filename}"\r\n` +
          `content-type: ${value.contentType ?? 'application/octet-stream'}\r\n\r\n`,
      ),
      value.data,
      Buffer.from('\r\n'),
    );
  }
  chunks.push(Buffer.from(`--${boundary}--\r\n`));
  return { payload: Buffer.concat(chunks), headers };
}
