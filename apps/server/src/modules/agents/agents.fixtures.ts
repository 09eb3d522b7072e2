import { randomBytes } from 'node:crypto';
import { asc, eq } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Database } from '../../db/database.js';
import { emailOutbox, type EmailOutboxRow } from '../emails/emails.table.js';
import { nextAgentIdSql, users, type UserRow } from '../users/users.table.js';

// Test-only helpers of the agents tests (issue 6). Self-contained (no import from src/test, which the server
// build excludes); the tests bring bearer(), multipart() and the uploads from src/test themselves.

/** Every outbox message to an address, oldest first. */
export async function outboxTo(db: Database, to: string): Promise<EmailOutboxRow[]> {
  return db.select().from(emailOutbox).where(eq(emailOutbox.to, to)).orderBy(asc(emailOutbox.id));
}

/** The password a login-details e-mail carries ('Password: …' line); throws when there is none. */
export function passwordIn(text: string): string {
  const match = /^Password: (\S+)$/m.exec(text);
  if (!match?.[1]) throw new Error(`no password in: ${text}`);
  return match[1];
}

/** POST /api/login from a fresh address (the per-IP login limit is not what these tests measure). */
export function postLogin(app: FastifyInstance, email: string, password: string) {
  const [a, b, c] = randomBytes(3);
  return app.inject({
    method: 'POST',
    url: '/api/login',
    payload: { email, password },
    remoteAddress: `10.${a}.${b}.${(c ?? 0) % 250 + 1}`,
  });
}

export function uniqueAddress(prefix = 'agent'): string {
  return `${prefix}-${randomBytes(5).toString('hex')}@example.com`;
}

/** A registered agent as sign-up leaves it: pending, no password, no image. */
export async function insertPendingAgent(
  db: Database,
  { email = uniqueAddress('pending'), name = 'Pending Agent', agencyName = 'Pending Travels', status = 'pending' as UserRow['activeStatus'] } = {},
): Promise<UserRow> {
  const [row] = await db
    .insert(users)
    .values({
      role: 'user',
      name,
      email,
      activeStatus: status,
      agentId: nextAgentIdSql,
      agencyName,
      phone: '03001234567',
      officeNo: '0421234567',
      officeAddress: 'Mall Road',
      city: 'LAHORE',
      source: 'register',
    })
    .returning();
  return row!;
}
