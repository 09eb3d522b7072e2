import { boolean, index, integer, pgTable, serial, text, timestamp } from 'drizzle-orm/pg-core';
import { dashboardButtons } from '../dashboard-buttons/dashboard-buttons.table.js';
import { files } from '../files/files.table.js';

/** Promotion banner (001 §3): shown in the dashboard carousel and on its dashboard button's page. */
export const banners = pgTable(
  'banners',
  {
    id: serial('id').primaryKey(),
    /** Required by the form (001 §5); a deleted button leaves its banners in the carousel. */
    dashBtnId: integer('dash_btn_id').references(() => dashboardButtons.id, { onDelete: 'set null' }),
    name: text('name').notNull(),
    imageFileId: integer('image_file_id').references(() => files.id, { onDelete: 'set null' }),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
  },
  (t) => [index('banners_dash_btn_idx').on(t.dashBtnId)],
);

export type BannerRow = typeof banners.$inferSelect;
export type NewBannerRow = typeof banners.$inferInsert;
