import { and, eq, isNull } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import { DEFAULT_ADMIN_PASSWORD, type AppConfig } from '../../config/config.js';
import { hashPassword } from '../../lib/password.js';
import { users } from '../../modules/users/users.table.js';
import type { Database } from '../database.js';

export interface SeedOptions {
  db: Database;
  config: Pick<AppConfig, 'adminEmail' | 'adminPassword' | 'seedDemo'>;
  logger: Pick<FastifyBaseLogger, 'info' | 'warn'>;
}

/** Start-up data: the first administrator (PRODUCT §2) and, on an empty database, the demo data. */
export async function seedDatabase({ db, config, logger }: SeedOptions): Promise<void> {
  const [admin] = await db
    .select({ id: users.id })
    .from(users)
    .where(and(eq(users.role, 'admin'), isNull(users.deletedAt)))
    .limit(1);
  if (!admin) {
    await db.insert(users).values({
      role: 'admin',
      name: 'Administrator',
      email: config.adminEmail,
      passwordHash: await hashPassword(config.adminPassword),
      activeStatus: 'approved',
      source: 'seed',
    });
    logger.info({ email: config.adminEmail }, 'created the first administrator');
  }
  if (config.adminPassword === DEFAULT_ADMIN_PASSWORD) {
    logger.warn('the administrator password is the default one: set ADMIN_PASSWORD before going live');
  }
}
