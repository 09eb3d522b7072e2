import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

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
    imageFileId: integer('image_file_id'),
    logoFileId: integer('logo_file_id'),
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
  ],
);

export type UserRow = typeof users.$inferSelect;
export type NewUserRow = typeof users.$inferInsert;
