import { and, count, desc, eq, isNull, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { files } from '../files/files.table.js';
import { groups } from '../groups/groups.table.js';
import { airlines, type AirlineRow, type NewAirlineRow } from './airlines.table.js';

/** An airline with the storage path of its logo (null without one). */
export type AirlineWithLogo = AirlineRow & { logoPath: string | null };

const liveAirline = (id: number) => and(eq(airlines.id, id), isNull(airlines.deletedAt));

export async function insertAirline({ db, airline }: { db: Executor; airline: NewAirlineRow }): Promise<AirlineRow> {
  const [row] = await db.insert(airlines).values(airline).returning();
  return row!;
}

/** The live airline, locked until the transaction ends so an update and a delete cannot interleave. */
export async function findLiveAirlineForUpdate({ db, id }: { db: Executor; id: number }): Promise<AirlineRow | undefined> {
  const [row] = await db.select().from(airlines).where(liveAirline(id)).limit(1).for('update');
  return row;
}

export async function updateAirline({
  db,
  id,
  changes,
}: {
  db: Executor;
  id: number;
  changes: Partial<Pick<NewAirlineRow, 'fullName' | 'shortName' | 'logoFileId' | 'status'>>;
}): Promise<AirlineRow> {
  const [row] = await db.update(airlines).set(changes).where(eq(airlines.id, id)).returning();
  return row!;
}

export async function softDeleteAirline({ db, id }: { db: Executor; id: number }): Promise<void> {
  await db.update(airlines).set({ deletedAt: sql`now()` }).where(eq(airlines.id, id));
}

/** Groups that are not deleted, open or closed: their tickets, bookings and PDFs name this airline. */
export async function countLiveGroupsOfAirline({ db, airlineId }: { db: Executor; airlineId: number }): Promise<number> {
  const [row] = await db
    .select({ value: count() })
    .from(groups)
    .where(and(eq(groups.airlineId, airlineId), isNull(groups.deletedAt)));
  return row?.value ?? 0;
}

export async function findAirlineWithLogo({ db, id }: { db: Executor; id: number }): Promise<AirlineWithLogo | undefined> {
  const [row] = await db
    .select({ airline: airlines, logoPath: files.storagePath })
    .from(airlines)
    .leftJoin(files, eq(files.id, airlines.logoFileId))
    .where(eq(airlines.id, id))
    .limit(1);
  return row ? { ...row.airline, logoPath: row.logoPath } : undefined;
}

/** Live airlines, newest first (the admin list). */
export async function listLiveAirlines({
  db,
  limit,
  offset,
}: {
  db: Executor;
  limit: number;
  offset: number;
}): Promise<{ rows: AirlineWithLogo[]; total: number }> {
  const rows = await db
    .select({ airline: airlines, logoPath: files.storagePath })
    .from(airlines)
    .leftJoin(files, eq(files.id, airlines.logoFileId))
    .where(isNull(airlines.deletedAt))
    .orderBy(desc(airlines.createdAt), desc(airlines.id))
    .limit(limit)
    .offset(offset);
  const [totalRow] = await db.select({ value: count() }).from(airlines).where(isNull(airlines.deletedAt));
  return { rows: rows.map((row) => ({ ...row.airline, logoPath: row.logoPath })), total: totalRow?.value ?? 0 };
}
