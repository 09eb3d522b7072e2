import { bigint, index, integer, pgEnum, pgTable, serial, text, timestamp, uniqueIndex, type AnyPgColumn } from 'drizzle-orm/pg-core';
import { users } from '../users/users.table.js';

/** What a stored file is for; decides where it may be shown (PRODUCT §4 "Files and documents"). */
export const fileKindEnum = pgEnum('file_kind', [
  'airline_logo',
  'my_sector_image',
  'banner',
  'button',
  'user_image',
  'passport',
  'visa',
]);

/**
 * Logos and banner images are public; passport and visa scans are private and served only to the
 * booking's agent and admins through signed links (PRODUCT §4).
 */
export const fileVisibilityEnum = pgEnum('file_visibility', ['public', 'private']);

/**
 * Every uploaded file. The bytes live in the storage module (DATA_DIR/uploads, PRODUCT §1); rows elsewhere
 * point here by id, so a file can move to S3-compatible storage without touching them.
 */
export const files = pgTable(
  'files',
  {
    id: serial('id').primaryKey(),
    kind: fileKindEnum('kind').notNull(),
    /** Relative to the uploads root with forward slashes, e.g. `public/airline_logo/pia-1a2b3c.png`. */
    storagePath: text('storage_path').notNull(),
    /** The name the uploader's browser sent; shown on download, never used as a path. */
    originalName: text('original_name').notNull(),
    /** Detected from the content, not trusted from the upload (PRODUCT §4). */
    mime: text('mime').notNull(),
    size: bigint('size', { mode: 'number' }).notNull(),
    visibility: fileVisibilityEnum('visibility').notNull(),
    createdBy: integer('created_by').references((): AnyPgColumn => users.id, { onDelete: 'set null' }),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
  },
  (t) => [uniqueIndex('files_storage_path_unique').on(t.storagePath), index('files_kind_idx').on(t.kind)],
);

export type FileRow = typeof files.$inferSelect;
export type NewFileRow = typeof files.$inferInsert;
export type FileKind = (typeof fileKindEnum.enumValues)[number];
