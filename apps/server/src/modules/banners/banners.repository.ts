import { and, count, desc, eq, type SQL } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { files } from '../files/files.table.js';
import { banners, type BannerRow, type NewBannerRow } from './banners.table.js';

/** A banner with the storage path of its image (null without one). */
export type BannerWithImage = { banner: BannerRow; imagePath: string | null };

/**
 * Banners with the storage path of their image, newest first; `activeOnly` leaves out switched-off ones,
 * `dashBtnId` keeps those of one dashboard button.
 */
export async function listBanners({
  db,
  activeOnly,
  dashBtnId,
  limit,
  offset,
}: {
  db: Executor;
  activeOnly: boolean;
  dashBtnId?: number;
  limit: number;
  offset: number;
}): Promise<{ rows: BannerWithImage[]; total: number }> {
  const conditions: SQL[] = [];
  if (activeOnly) conditions.push(eq(banners.status, true));
  if (dashBtnId !== undefined) conditions.push(eq(banners.dashBtnId, dashBtnId));
  const where = conditions.length > 0 ? and(...conditions) : undefined;
  const rows = await db
    .select({ banner: banners, imagePath: files.storagePath })
    .from(banners)
    .leftJoin(files, eq(files.id, banners.imageFileId))
    .where(where)
    .orderBy(desc(banners.createdAt), desc(banners.id))
    .limit(limit)
    .offset(offset);
  const [total] = await db.select({ value: count() }).from(banners).where(where);
  return { rows, total: Number(total?.value ?? 0) };
}

export async function insertBanner({ db, banner }: { db: Executor; banner: NewBannerRow }): Promise<BannerRow> {
  const [row] = await db.insert(banners).values(banner).returning();
  return row!;
}

/** The banner, locked until the transaction ends so an update and a delete cannot interleave. */
export async function findBannerForUpdate({ db, id }: { db: Executor; id: number }): Promise<BannerRow | undefined> {
  const [row] = await db.select().from(banners).where(eq(banners.id, id)).limit(1).for('update');
  return row;
}

export async function updateBannerRow({
  db,
  id,
  changes,
}: {
  db: Executor;
  id: number;
  changes: Partial<Pick<NewBannerRow, 'dashBtnId' | 'name' | 'imageFileId' | 'status'>>;
}): Promise<void> {
  await db.update(banners).set(changes).where(eq(banners.id, id));
}

export async function deleteBannerRow({ db, id }: { db: Executor; id: number }): Promise<boolean> {
  const rows = await db.delete(banners).where(eq(banners.id, id)).returning({ id: banners.id });
  return rows.length > 0;
}

export async function findBannerWithImage({ db, id }: { db: Executor; id: number }): Promise<BannerWithImage | undefined> {
  const [row] = await db
    .select({ banner: banners, imagePath: files.storagePath })
    .from(banners)
    .leftJoin(files, eq(files.id, banners.imageFileId))
    .where(eq(banners.id, id))
    .limit(1);
  return row;
}
