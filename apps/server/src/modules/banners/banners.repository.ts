import { count, desc, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { files } from '../files/files.table.js';
import { banners } from './banners.table.js';

/** Banners with the storage path of their image, newest first; `activeOnly` leaves out switched-off ones. */
export async function listBanners({ db, activeOnly, limit, offset }: { db: Executor; activeOnly: boolean; limit: number; offset: number }) {
  const where = activeOnly ? eq(banners.status, true) : undefined;
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
