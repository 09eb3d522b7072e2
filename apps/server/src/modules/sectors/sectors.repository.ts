import { and, count, countDistinct, desc, eq, isNull, ne, sql } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { groupLegs, groups } from '../groups/groups.table.js';
import { sectors, type NewSectorRow, type SectorRow } from './sectors.table.js';

type SectorFields = Pick<NewSectorRow, 'fromSector' | 'toSector' | 'fromCity' | 'toCity'>;

const liveSector = (id: number) => and(eq(sectors.id, id), isNull(sectors.deletedAt));

export async function insertSector({ db, sector }: { db: Executor; sector: NewSectorRow }): Promise<SectorRow> {
  const [row] = await db.insert(sectors).values(sector).returning();
  return row!;
}

export async function findLiveSectorForUpdate({ db, id }: { db: Executor; id: number }): Promise<SectorRow | undefined> {
  const [row] = await db.select().from(sectors).where(liveSector(id)).limit(1).for('update');
  return row;
}

/** A live sector with this from/to pair, other than `exceptId`. */
export async function findLiveSectorByPair({
  db,
  fromSector,
  toSector,
  exceptId,
}: {
  db: Executor;
  fromSector: string;
  toSector: string;
  exceptId?: number;
}): Promise<SectorRow | undefined> {
  const [row] = await db
    .select()
    .from(sectors)
    .where(
      and(
        eq(sectors.fromSector, fromSector),
        eq(sectors.toSector, toSector),
        isNull(sectors.deletedAt),
        exceptId === undefined ? undefined : ne(sectors.id, exceptId),
      ),
    )
    .limit(1);
  return row;
}

export async function updateSector({
  db,
  id,
  changes,
}: {
  db: Executor;
  id: number;
  changes: Partial<SectorFields & Pick<NewSectorRow, 'status'>>;
}): Promise<SectorRow> {
  const [row] = await db.update(sectors).set(changes).where(eq(sectors.id, id)).returning();
  return row!;
}

export async function softDeleteSector({ db, id }: { db: Executor; id: number }): Promise<void> {
  await db.update(sectors).set({ deletedAt: sql`now()` }).where(eq(sectors.id, id));
}

/** Live groups with at least one leg on this sector. */
export async function countLiveGroupsOfSector({ db, sectorId }: { db: Executor; sectorId: number }): Promise<number> {
  const [row] = await db
    .select({ value: countDistinct(groups.id) })
    .from(groupLegs)
    .innerJoin(groups, eq(groups.id, groupLegs.groupId))
    .where(and(eq(groupLegs.sectorId, sectorId), isNull(groups.deletedAt)));
  return row?.value ?? 0;
}

export async function listLiveSectors({
  db,
  limit,
  offset,
}: {
  db: Executor;
  limit: number;
  offset: number;
}): Promise<{ rows: SectorRow[]; total: number }> {
  const rows = await db
    .select()
    .from(sectors)
    .where(isNull(sectors.deletedAt))
    .orderBy(desc(sectors.createdAt), desc(sectors.id))
    .limit(limit)
    .offset(offset);
  const [totalRow] = await db.select({ value: count() }).from(sectors).where(isNull(sectors.deletedAt));
  return { rows, total: totalRow?.value ?? 0 };
}
