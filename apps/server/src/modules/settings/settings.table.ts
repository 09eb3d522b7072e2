import { integer, jsonb, pgTable, text, timestamp } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** Application settings an admin changes at run time (PRODUCT §5 Settings): one JSON value a key. */
export const settings = pgTable('settings', {
  key: text('key').primaryKey(),
  value: jsonb('value').notNull(),
  updatedBy: integer('updated_by').references(() => users.id, { onDelete: 'set null' }),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

/**
 * Known keys and their defaults, written at start-up when missing (db/seed). Readers fall back to the
 * default too, so a missing row never breaks a booking.
 */
export const SETTING_DEFAULTS = {
  /** How long an agent's booking is held before the sweeper cancels it (PRODUCT §4: default 3 hours). */
  hold_window_minutes: 180,
} as const;

export type SettingKey = keyof typeof SETTING_DEFAULTS;
export type SettingRow = typeof settings.$inferSelect;
