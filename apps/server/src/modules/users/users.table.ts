import { sql } from 'drizzle-orm';
import {
  boolean,
  check,
  index,
  integer,
  pgEnum,
  pgSequence,
  pgTable,
  serial,
  smallint,
  text,
  timestamp,
  uniqueIndex,
  type AnyPgColumn,
} from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.js';

/**
 * Agent numbers ("Agent-1001", 000 §1) come from this sequence, starting at 1001: take one with
 * `nextAgentIdSql` when an agent row is created (register or add-agent), so pending agents have one too.
 * A sequence never hands the same number to two concurrent registrations.
 */
export const agentIdSequence = pgSequence('agent_id_seq', { startWith: 1001, minValue: 1001 });
export const nextAgentIdSql = sql<number>`nextval('agent_id_seq')::integer`;

export const userRoleEnum = pgEnum('user_role', ['admin', 'user']);
/** Agent approval (001 §4): pending, then approved (shown Active) or rejected. */
export const activeStatusEnum = pgEnum('active_status', ['pending', 'approved', 'rejected']);

/**
 * Administrators and agents in one table: an agent is a user with role `user` and an `agent_id`,
 * the number shown as "Agent-{agent_id}" (000 §1).
 */
export const users = pgTable(
  'users',
  {
    id: serial('id').primaryKey(),
    role: userRoleEnum('role').notNull().default('user'),
    agentId: integer('agent_id'),
    name: text('name').notNull(),
    /** Stored lower-case; optional for agents an admin adds without one (001 §5). */
    email: text('email'),
    passwordHash: text('password_hash'),
    /** One-time temporary password from forgot-password (PRODUCT §4), valid until temp_password_expires_at. */
    tempPasswordHash: text('temp_password_hash'),
    tempPasswordExpiresAt: timestamp('temp_password_expires_at', { withTimezone: true }),
    activeStatus: activeStatusEnum('active_status').notNull().default('pending'),
    /** Admin users can be deactivated from Settings (PRODUCT §5). */
    isActive: boolean('is_active').notNull().default(true),
    changePassword: boolean('change_password').notNull().default(false),
    /**
     * Wrong passwords in a row, counted across addresses (issue 16 point 4, decision 018); a sign-in resets it.
     * Incremented in SQL (`failed_sign_ins + 1`) so parallel failures are all counted.
     */
    failedSignIns: integer('failed_sign_ins').notNull().default(0),
    /** While in the future, sign-in is refused (429) whatever the password; null when not locked. */
    lockedUntil: timestamp('locked_until', { withTimezone: true }),
    /** true: a WhatsApp number must still be verified (the session's w_verified, PRODUCT §4). */
    whatsappPending: boolean('whatsapp_pending').notNull().default(false),
    whatsappPhone: text('whatsapp_phone'),
    whatsappVerifiedAt: timestamp('whatsapp_verified_at', { withTimezone: true }),
    agencyName: text('agency_name'),
    propriterName: text('propriter_name'),
    phone: text('phone'),
    officeNo: text('office_no'),
    officeAddress: text('office_address'),
    city: text('city'),
    country: text('country').notNull().default('Pakistan'),
    /** Stored file ids (see the files table). */
    imageFileId: integer('image_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    logoFileId: integer('logo_file_id').references((): AnyPgColumn => files.id, { onDelete: 'set null' }),
    /** Whole PKR an agent adds to each fare it shares (PRODUCT §6 "Sharing fares", decision 026). */
    shareMarkup: integer('share_markup').notNull().default(0),
    /**
     * Whole PKR the agent may owe plus hold (PRODUCT §6 "Credit", decision 032): available credit = limit - ledger
     * balance - the value of its live holds. null: unlimited (the behaviour before credit limits).
     */
    creditLimit: integer('credit_limit'),
    /**
     * true once available credit has fallen under 10 % of the limit and the agent was told; false again once it is
     * seen at or above that line, so the next crossing tells it again (decision 032).
     */
    creditLow: boolean('credit_low').notNull().default(false),
    /** register (self sign-up), admin (added by an admin), seed (start-up). */
    source: text('source').notNull().default('register'),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true }).notNull().defaultNow(),
    /** Soft delete (PRODUCT §4): bookings keep their agent. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    uniqueIndex('users_email_unique').on(t.email).where(sql`${t.deletedAt} is null`),
    uniqueIndex('users_agent_id_unique').on(t.agentId),
    index('users_role_status_idx').on(t.role, t.activeStatus),
    check('users_credit_limit', sql`${t.creditLimit} is null or ${t.creditLimit} >= 0`),
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;

/**
 * WhatsApp verification codes (PRODUCT §4 "Agents and accounts"): 6 digits, valid 10 minutes, 5 tries,
 * stored hashed. A new code for the same user replaces the old one (the use case deletes it first).
 */
export const whatsappCodes = pgTable(
  'whatsapp_codes',
  {
    id: serial('id').primaryKey(),
    userId: integer('user_id')
      .notNull()
      .references(() => users.id, { onDelete: 'cascade' }),
    /** The number the code was sent to; only that number is saved when the code matches. */
    phone: text('phone').notNull(),
    codeHash: text('code_hash').notNull(),
    expiresAt: timestamp('expires_at', { withTimezone: true }).notNull(),
    /** Wrong tries so far; the code is dead at 5. */
    attempts: smallint('attempts').notNull().default(0),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [index('whatsapp_codes_user_idx').on(t.userId)],
);

export type WhatsappCodeRow = typeof whatsappCodes.$inferSelect;
