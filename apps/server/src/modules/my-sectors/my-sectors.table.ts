import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.js';

/** My sector (001 §3): a named shortcut ('Umrah Jeddah') grouping PNRs on the dashboard and home page. */
export const mySectors = pgTable('my_sectors', {
  id: serial('id').primaryKey(),
  name: text('name').notNull(),
  /** Required on add (001 §5); public file. */
  imageFileId: integer('image_file_id').references(() => files.id, { onDelete: 'set null' }),
  /** The API's status 1 active / 0 inactive (the list's switch). */
  status: boolean('status').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
  /** Soft delete: groups keep their my-sector. */
  deletedAt: timestamp('deleted_at', { withTimezone: true }),
});

export type MySectorRow = typeof mySectors.$inferSelect;
export type NewMySectorRow = typeof mySectors.$inferInsert;
