import { asc, count, eq } from 'drizzle-orm';
import type { Executor } from '../../db/database.js';
import { files } from '../files/files.table.js';
import { dashboardButtons, type DashboardButtonRow, type NewDashboardButtonRow } from './dashboard-buttons.table.js';

/** A button with the storage path of its image (null without one). */
export type DashButtonWithImage = DashboardButtonRow & { imagePath: string | null };

export async function insertDashButton({ db, button }: { db: Executor; button: NewDashboardButtonRow }): Promise<DashboardButtonRow> {
  const [row] = await db.insert(dashboardButtons).values(button).returning();
  return row!;
}

/** The button, locked until the transaction ends so an update and a delete cannot interleave. */
export async function findDashButtonForUpdate({ db, id }: { db: Executor; id: number }): Promise<DashboardButtonRow | undefined> {
  const [row] = await db.select().from(dashboardButtons).where(eq(dashboardButtons.id, id)).limit(1).for('update');
  return row;
}

/**
 * The button, share-locked: a banner being attached to it keeps it from being deleted meanwhile (the delete would
 * otherwise leave the insert's foreign key check to fail with a 500).
 */
export async function findDashButtonForShare({ db, id }: { db: Executor; id: number }): Promise<DashboardButtonRow | undefined> {
  const [row] = await db.select().from(dashboardButtons).where(eq(dashboardButtons.id, id)).limit(1).for('share');
  return row;
}

export async function findDashButton({ db, id }: { db: Executor; id: number }): Promise<DashboardButtonRow | undefined> {
  const [row] = await db.select().from(dashboardButtons).where(eq(dashboardButtons.id, id)).limit(1);
  return row;
}

export async function updateDashButton({
  db,
  id,
  changes,
}: {
  db: Executor;
  id: number;
  changes: Partial<Pick<NewDashboardButtonRow, 'title' | 'target' | 'imageFileId' | 'status'>>;
}): Promise<void> {
  await db.update(dashboardButtons).set(changes).where(eq(dashboardButtons.id, id));
}

/** Removes the button; its banners stay with dash_btn_id null (the foreign key's on delete set null). */
export async function deleteDashButtonRow({ db, id }: { db: Executor; id: number }): Promise<boolean> {
  const rows = await db.delete(dashboardButtons).where(eq(dashboardButtons.id, id)).returning({ id: dashboardButtons.id });
  return rows.length > 0;
}

export async function findDashButtonWithImage({ db, id }: { db: Executor; id: number }): Promise<DashButtonWithImage | undefined> {
  const [row] = await db
    .select({ button: dashboardButtons, imagePath: files.storagePath })
    .from(dashboardButtons)
    .leftJoin(files, eq(files.id, dashboardButtons.imageFileId))
    .where(eq(dashboardButtons.id, id))
    .limit(1);
  return row ? { ...row.button, imagePath: row.imagePath } : undefined;
}

/** Every button in the dashboard's order (oldest first); `limit` undefined lists them all. */
export async function listDashButtons({
  db,
  limit,
  offset,
}: {
  db: Executor;
  limit?: number;
  offset: number;
}): Promise<{ rows: DashButtonWithImage[]; total: number }> {
  const query = db
    .select({ button: dashboardButtons, imagePath: files.storagePath })
    .from(dashboardButtons)
    .leftJoin(files, eq(files.id, dashboardButtons.imageFileId))
    .orderBy(asc(dashboardButtons.createdAt), asc(dashboardButtons.id))
    .offset(offset);
  const rows = limit === undefined ? await query : await query.limit(limit);
  const [total] = await db.select({ value: count() }).from(dashboardButtons);
  return { rows: rows.map((row) => ({ ...row.button, imagePath: row.imagePath })), total: Number(total?.value ?? 0) };
}
