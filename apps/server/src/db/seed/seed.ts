import path from 'node:path';
import { and, eq, isNull, sql } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_ADMIN_PASSWORD, type AppConfig } from '../../config/config.js';
import { hashPassword, verifyPassword } from '../../lib/password.js';
import { airlines } from '../../modules/airlines/airlines.table.js';
import { groups } from '../../modules/groups/groups.table.js';
import { sectors } from '../../modules/sectors/sectors.table.js';
import { SETTING_DEFAULTS, settings } from '../../modules/settings/settings.table.js';
import { users } from '../../modules/users/users.table.js';
import type { Database, Executor } from '../database.js';
import { insertDemoData } from './demo-data.js';

export interface SeedOptions {
  db: Database;
  config: Pick<AppConfig, 'adminEmail' | 'adminPassword' | 'seedDemo'> & {
    /** DATA_DIR: demo images are written under DATA_DIR/uploads; absent or 'memory://' writes no files. */
    dataDir?: string | undefined;
  };
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/**
 * Serialises seeding across server processes starting together on one PostgreSQL (PRODUCT §1: several
 * processes share a database); any constant works as long as every process uses the same one.
 */
const SEED_LOCK_KEY = 7_311_204_872;

/**
 * Start-up data (PRODUCT §2): the first administrator, the default settings and, when SEED_DEMO is on and
 * the database holds no inventory and no agents yet, the demo data. Safe to run on every start.
 */
export async function seedDatabase({ db, config, logger }: SeedOptions): Promise<void> {
  await ensureFirstAdmin({ db, config, logger });
  await warnWhileDefaultPassword({ db, logger });
  await ensureDefaultSettings(db);
  if (config.seedDemo) await seedDemoData({ db, config, logger });
}

async function lockSeeding(executor: Executor): Promise<void> {
  await executor.execute(sql`select pg_advisory_xact_lock(${SEED_LOCK_KEY}::bigint)`);
}

async function findLiveAdmin(executor: Executor): Promise<{ id: number; name: string } | undefined> {
  const [admin] = await executor
    .select({ id: users.id, name: users.name })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .orderBy(users.id)
    .limit(1);
  return admin;
}

async function ensureFirstAdmin({ db, config, logger }: SeedOptions): Promise<void> {
  if (await findLiveAdmin(db)) return;
  // Hashing is slow on purpose; do it before taking the lock.
  const passwordHash = await hashPassword(config.adminPassword);
  await db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (await findLiveAdmin(tx)) return;
    const [taken] = await tx
      .select({ id: users.id })
      .from(users)
      .where(and(eq(users.email, config.adminEmail), isNull(users.deletedAt)))
      .limit(1);
    if (taken) {
      throw new Error(`ADMIN_EMAIL ${config.adminEmail} belongs to an existing non-admin account; choose another address`);
    }
    await tx.insert(users).values({
      role: 'admin',
      name: 'Administrator',
      email: config.adminEmail,
      passwordHash,
      activeStatus: 'approved',
      source: 'seed',
    });
    logger.info({ email: config.adminEmail }, 'created the first administrator');
  });
}

/**
 * PRODUCT §2: warn while the default password is in use, judged from the stored hash (an admin created
 * with the default keeps it until changed, whatever ADMIN_PASSWORD says now).
 */
async function warnWhileDefaultPassword({ db, logger }: Pick<SeedOptions, 'db' | 'logger'>): Promise<void> {
  const admins = await db
    .select({ email: users.email, passwordHash: users.passwordHash })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)));
  for (const admin of admins) {
    if (await verifyPassword(DEFAULT_ADMIN_PASSWORD, admin.passwordHash)) {
      logger.warn(
        { email: admin.email },
        'an administrator still uses the default password: change it (or start with ADMIN_PASSWORD set on an empty database) before going live',
      );
    }
  }
}

async function ensureDefaultSettings(db: Database): Promise<void> {
  await db
    .insert(settings)
    .values(Object.entries(SETTING_DEFAULTS).map(([key, value]) => ({ key, value })))
    .onConflictDoNothing({ target: settings.key });
}

async function isEmptyForDemo(executor: Executor): Promise<boolean> {
  // One statement: a transaction's connection runs one query at a time.
  const [row] = await executor
    .select({
      taken: sql<boolean>`exists (select 1 from ${groups}) or exists (select 1 from ${airlines})
        or exists (select 1 from ${sectors}) or exists (select 1 from ${users} where ${users.role} = 'user')`,
    })
    .from(sql`(select 1) as probe`);
  return row?.taken === false;
}

async function seedDemoData({ db, config, logger }: SeedOptions): Promise<void> {
  if (!(await isEmptyForDemo(db))) return;
  const uploadsDir = config.dataDir && config.dataDir !== 'memory://' ? path.join(config.dataDir, 'uploads') : undefined;
  // One transaction: the demo loads whole or not at all, and a second process waits on the lock, then finds data.
  const summary = await db.transaction(async (tx) => {
    await lockSeeding(tx);
    if (!(await isEmptyForDemo(tx))) return undefined;
    const admin = await findLiveAdmin(tx);
    if (!admin) throw new Error('The demo data needs the first administrator');
    const [holdWindow] = await tx
      .select({ value: settings.value })
      .from(settings)
      .where(eq(settings.key, 'hold_window_minutes'));
    const holdWindowMinutes =
      typeof holdWindow?.value === 'number' && holdWindow.value > 0 ? holdWindow.value : SETTING_DEFAULTS.hold_window_minutes;
    return insertDemoData({ tx, admin, files: { uploadsDir, createdBy: admin.id }, now: new Date(), holdWindowMinutes });
  });
  if (summary) {
    logger.info(
      { ...summary, demoAgent: 'agent@example.com' },
      'loaded the demo data (airlines, sectors, groups, agents, bookings, payments)',
    );
  }
}
