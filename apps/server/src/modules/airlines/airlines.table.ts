import { sql } from 'drizzle-orm';
import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.js';

/** Airline (001 §3): full_name, short_name, logo, status (1 active, otherwise inactive). */
export const airlines = pgTable(
  'airlines',
  {
    id: serial('id').primaryKey(),
    fullName: text('full_name').notNull(),
    shortName: text('short_name').notNull(),
    /** Required when adding (001 §5); public file. */
    logoFileId: integer('logo_file_id').references(() => files.id, { onDelete: 'set null' }),
    /** The API's status 1/0. */
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    /** Soft delete: groups (and through them bookings and PDFs) keep their airline. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [index('airlines_live_idx').on(t.fullName).where(sql`${t.deletedAt} is null`)],
);

export type AirlineRow = typeof airlines.$inferSelect;
export type NewAirlineRow = typeof airlines.$inferInsert;
