import type { Paginated } from '@portal/contract/common';
import type { AddMySectorBody, MySector, UpdateMySectorBody } from '@portal/contract/my-sectors';
import type { Database, Executor } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { getPublicFileUrl, saveUploadedFile, type StorageContext } from '../files/files.usecases.js';
import { createMySectorImageRequiredError, createMySectorInUseError, createMySectorNotFoundError } from './my-sectors.errors.js';
import {
  countLiveGroupsOfMySector,
  findLiveMySectorForUpdate,
  findMySectorWithDetails,
  insertMySector,
  listLiveMySectors,
  softDeleteMySector,
  updateMySector as updateMySectorRow,
  type MySectorListRow,
} from './my-sectors.repository.js';
import { getKarachiToday } from '../../lib/karachi-date.js';

export { getKarachiToday } from '../../lib/karachi-date.js';

function toMySector({ row, publicUrl }: { row: MySectorListRow; publicUrl: string }): MySector {
  return {
    id: row.id,
    name: row.name,
    image: row.imagePath ? getPublicFileUrl({ publicUrl, storagePath: row.imagePath }) : null,
    status: row.status ? 1 : 0,
    totalpnr: row.openGroupCount,
  };
}

async function getMySector({ db, id, publicUrl }: { db: Executor; id: number; publicUrl: string }): Promise<MySector> {
  const row = await findMySectorWithDetails({ db, id, today: getKarachiToday() });
  if (!row) throw createMySectorNotFoundError();
  return toMySector({ row, publicUrl });
}

/** 001 §5: name and image required; status defaults to active. */
export async function addMySector({
  db,
  storage,
  input,
  userId,
}: {
  db: Database;
  storage: StorageContext;
  input: AddMySectorBody;
  userId: number | null;
}): Promise<MySector> {
  return db.transaction(async (tx) => {
    const image = await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.image, kind: 'my_sector_image', field: 'image', userId });
    const row = await insertMySector({ db: tx, mySector: { name: input.name, imageFileId: image.id, status: input.status === 1 } });
    return getMySector({ db: tx, id: row.id, publicUrl: storage.publicUrl });
  });
}

/** No new image keeps the stored one; a my-sector without one must get one now (001 §5). */
export async function updateMySector({
  db,
  storage,
  id,
  input,
  userId,
}: {
  db: Database;
  storage: StorageContext;
  id: number;
  input: UpdateMySectorBody;
  userId: number | null;
}): Promise<MySector> {
  return db.transaction(async (tx) => {
    const current = await findLiveMySectorForUpdate({ db: tx, id });
    if (!current) throw createMySectorNotFoundError();
    if (!input.image && current.imageFileId === null) throw createMySectorImageRequiredError();
    const image = input.image
      ? await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.image, kind: 'my_sector_image', field: 'image', userId })
      : undefined;
    await updateMySectorRow({
      db: tx,
      id,
      changes: {
        name: input.name,
        ...(image ? { imageFileId: image.id } : {}),
        ...(input.status === undefined ? {} : { status: input.status === 1 }),
      },
    });
    return getMySector({ db: tx, id, publicUrl: storage.publicUrl });
  });
}

/** Soft delete; refused while live groups use the my-sector. */
export async function deleteMySector({ db, id }: { db: Database; id: number }): Promise<void> {
  await db.transaction(async (tx) => {
    if (!(await findLiveMySectorForUpdate({ db: tx, id }))) throw createMySectorNotFoundError();
    const groupCount = await countLiveGroupsOfMySector({ db: tx, mySectorId: id });
    if (groupCount > 0) throw createMySectorInUseError({ groupCount });
    await softDeleteMySector({ db: tx, id });
  });
}

export async function listMySectors({
  db,
  publicUrl,
  pageRequest,
}: {
  db: Database;
  publicUrl: string;
  pageRequest: PageRequest;
}): Promise<Paginated<MySector>> {
  const { rows, total } = await listLiveMySectors({
    db,
    today: getKarachiToday(),
    limit: pageRequest.perPage,
    offset: getPageOffset(pageRequest),
  });
  return toPaginated({ rows: rows.map((row) => toMySector({ row, publicUrl })), total, pageRequest });
}
