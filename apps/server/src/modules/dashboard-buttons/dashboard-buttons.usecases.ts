import type { Paginated } from '@portal/contract/common';
import type { AddButtonBody, DashButton, UpdateButtonBody } from '@portal/contract/dashboard-buttons';
import type { Database, Executor } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { getPublicFileUrl, saveUploadedFile, type StorageContext } from '../files/files.usecases.js';
import { createDashButtonImageRequiredError, createDashButtonNotFoundError } from './dashboard-buttons.errors.js';
import {
  deleteDashButtonRow,
  findDashButtonForUpdate,
  findDashButtonWithImage,
  insertDashButton,
  listDashButtons as listDashButtonRows,
  updateDashButton,
  type DashButtonWithImage,
} from './dashboard-buttons.repository.js';

function toDashButton({ row, publicUrl }: { row: DashButtonWithImage; publicUrl: string }): DashButton {
  return {
    id: row.id,
    title: row.title,
    target: row.target,
    image: row.imagePath ? getPublicFileUrl({ publicUrl, storagePath: row.imagePath }) : null,
    status: row.status ? 1 : 0,
  };
}

async function getDashButton({ db, id, publicUrl }: { db: Executor; id: number; publicUrl: string }): Promise<DashButton> {
  const row = await findDashButtonWithImage({ db, id });
  if (!row) throw createDashButtonNotFoundError();
  return toDashButton({ row, publicUrl });
}

/** 001 §5: title, target and image required; the image is stored (checked by content) in the button's transaction. */
export async function addDashButton({
  db,
  storage,
  input,
  userId,
}: {
  db: Database;
  storage: StorageContext;
  input: AddButtonBody;
  userId: number | null;
}): Promise<DashButton> {
  return db.transaction(async (tx) => {
    const image = await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.image, kind: 'button', field: 'image', userId });
    const row = await insertDashButton({
      db: tx,
      button: { title: input.title, target: input.target, imageFileId: image.id, status: input.status === 1 },
    });
    return toDashButton({ row: { ...row, imagePath: image.storagePath }, publicUrl: storage.publicUrl });
  });
}

/** No new image keeps the stored one; a button without one must get one now (001 §4 'Remove Image', §5). */
export async function editDashButton({
  db,
  storage,
  id,
  input,
  userId,
}: {
  db: Database;
  storage: StorageContext;
  id: number;
  input: UpdateButtonBody;
  userId: number | null;
}): Promise<DashButton> {
  return db.transaction(async (tx) => {
    const current = await findDashButtonForUpdate({ db: tx, id });
    if (!current) throw createDashButtonNotFoundError();
    if (!input.image && current.imageFileId === null) throw createDashButtonImageRequiredError();
    const image = input.image
      ? await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.image, kind: 'button', field: 'image', userId })
      : undefined;
    await updateDashButton({
      db: tx,
      id,
      changes: {
        title: input.title,
        target: input.target,
        ...(image ? { imageFileId: image.id } : {}),
        ...(input.status === undefined ? {} : { status: input.status === 1 }),
      },
    });
    return getDashButton({ db: tx, id, publicUrl: storage.publicUrl });
  });
}

/** Removes the button; its banners stay, without a button (dashboard-buttons.ts decisions). */
export async function removeDashButton({ db, id }: { db: Database; id: number }): Promise<void> {
  if (!(await deleteDashButtonRow({ db, id }))) throw createDashButtonNotFoundError();
}

/** list-of-dashbtn: 20 a page when a page is asked for, else every button as one page (the Select Button). */
export async function getDashButtonsPage({
  db,
  publicUrl,
  pageRequest,
}: {
  db: Database;
  publicUrl: string;
  pageRequest: PageRequest | { all: true; baseUrl: string };
}): Promise<Paginated<DashButton>> {
  if ('all' in pageRequest) {
    const { rows, total } = await listDashButtonRows({ db, offset: 0 });
    const perPage = Math.max(total, 1);
    return toPaginated({
      rows: rows.map((row) => toDashButton({ row, publicUrl })),
      total,
      pageRequest: { page: 1, perPage, baseUrl: pageRequest.baseUrl, query: '' },
    });
  }
  const { rows, total } = await listDashButtonRows({ db, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return toPaginated({ rows: rows.map((row) => toDashButton({ row, publicUrl })), total, pageRequest });
}
