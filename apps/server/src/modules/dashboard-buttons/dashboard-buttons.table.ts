import { boolean, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { files } from '../files/files.table.js';

/**
 * Dashboard button (001 §3, Custom Btn): a tile on the dashboard opening /dashboard/p/{id}/{target},
 * the page of the banners attached to it.
 */
export const dashboardButtons = pgTable('dashboard_buttons', {
  id: serial('id').primaryKey(),
  title: text('title').notNull(),
  /** The page name used in the route p/{id}/{target}. */
  target: text('target').notNull(),
  /** Required on add (001 §5); public file. */
  imageFileId: integer('image_file_id').references(() => files.id, { onDelete: 'set null' }),
  status: boolean('status').notNull().default(true),
  createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  updatedAt: timestamp('updated_at', { withTimezone: true })
    .notNull()
    .defaultNow()
    .$onUpdate(() => new Date()),
});

export type DashboardButtonRow = typeof dashboardButtons.$inferSelect;
export type NewDashboardButtonRow = typeof dashboardButtons.$inferInsert;
