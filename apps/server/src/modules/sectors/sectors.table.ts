import { sql } from 'drizzle-orm';
import { boolean, check, index, pgTable, serial, text, timestamp, uniqueIndex } from 'drizzle-orm/pg-core';

/**
 * Sector (001 §3): an airport pair such as LHE - JED.
 * Codes and cities are stored upper-case and sector_name is `FROM - TO` (PRODUCT §4, 001 §5). The name is a
 * generated column so it can never disagree with the codes; whatever sector_name a client sends is ignored.
 */
export const sectors = pgTable(
  'sectors',
  {
    id: serial('id').primaryKey(),
    fromSector: text('from_sector').notNull(),
    toSector: text('to_sector').notNull(),
    fromCity: text('from_city').notNull(),
    toCity: text('to_city').notNull(),
    sectorName: text('sector_name')
      .notNull()
      .generatedAlwaysAs(sql`"from_sector" || ' - ' || "to_sector"`),
    status: boolean('status').notNull().default(true),
    createdAt: timestamp('created_at', { withTimezone: true }).notNull().defaultNow(),
    updatedAt: timestamp('updated_at', { withTimezone: true })
      .notNull()
      .defaultNow()
      .$onUpdate(() => new Date()),
    /** Soft delete: legs of existing groups keep their sector. */
    deletedAt: timestamp('deleted_at', { withTimezone: true }),
  },
  (t) => [
    check(
      'sectors_upper_case',
      sql`${t.fromSector} = upper(${t.fromSector}) and ${t.toSector} = upper(${t.toSector}) and ${t.fromCity} = upper(${t.fromCity}) and ${t.toCity} = upper(${t.toCity})`,
    ),
    check('sectors_not_blank', sql`${t.fromSector} <> '' and ${t.toSector} <> '' and ${t.fromCity} <> '' and ${t.toCity} <> ''`),
    uniqueIndex('sectors_pair_unique').on(t.fromSector, t.toSector).where(sql`${t.deletedAt} is null`),
    // Flight search matches the typed departure and arrival against the codes (000 §7 search-flights).
    index('sectors_to_sector_idx').on(t.toSector),
  ],
);

export type SectorRow = typeof sectors.$inferSelect;
export type NewSectorRow = typeof sectors.$inferInsert;
