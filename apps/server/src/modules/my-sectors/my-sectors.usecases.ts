import type { Paginated } from '@portal/contract/common';
import type { AddMySectorBody, MySector, UpdateMySectorBody } from '@portal/contract/my-sectors';
import type { Database } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { addCatalogueRecord, editCatalogueRecord, removeCatalogueRecord, type CatalogueRecords } from '../catalogue/catalogue.usecases.js';
import { getPublicFileUrl, type StorageContext } from '../files/files.usecases.js';
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
import type { MySectorRow } from './my-sectors.table.js';
import { getKarachiToday } from '../../lib/karachi-date.js';

export { getKarachiToday } from '../../lib/karachi-date.js';

function toMySector({ row }: { row: MySectorListRow }): MySector {
  return {
    id: row.id,
    name: row.name,
    image: row.imagePath ? getPublicFileUrl({ storagePath: row.imagePath }) : null,
    status: row.status ? 1 : 0,
    totalpnr: row.openGroupCount,
  };
}

const mySectorRecords: CatalogueRecords<MySectorRow, MySector> = {
  picture: { kind: 'my_sector_image', field: 'image' },
  lockForUpdate: findLiveMySectorForUpdate,
  pictureIdOf: (row) => row.imageFileId,
  read: async ({ db, id }) => {
    const row = await findMySectorWithDetails({ db, id, today: getKarachiToday() });
    return row && toMySector({ row });
  },
  notFound: createMySectorNotFoundError,
  pictureRequired: createMySectorImageRequiredError,
};

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
  return addCatalogueRecord({
    db,
    storage,
    userId,
    records: mySectorRecords,
    file: input.image,
    insert: ({ db: tx, pictureId }) =>
      insertMySector({ db: tx, mySector: { name: input.name, imageFileId: pictureId, status: input.status === 1 } }),
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
  return editCatalogueRecord({
    db,
    storage,
    userId,
    records: mySectorRecords,
    id,
    file: input.image,
    update: ({ db: tx, pictureId }) =>
      updateMySectorRow({
        db: tx,
        id,
        changes: {
          name: input.name,
          ...(pictureId ? { imageFileId: pictureId } : {}),
          ...(input.status === undefined ? {} : { status: input.status === 1 }),
        },
      }),
  });
}

/** Soft delete; refused while live groups use the my-sector. */
export async function deleteMySector({ db, id }: { db: Database; id: number }): Promise<void> {
  await removeCatalogueRecord({
    db,
    records: mySectorRecords,
    id,
    inUse: async (tx) => {
      const groupCount = await countLiveGroupsOfMySector({ db: tx, mySectorId: id });
      return groupCount > 0 ? createMySectorInUseError({ groupCount }) : undefined;
    },
    remove: (tx) => softDeleteMySector({ db: tx, id }),
  });
}

export async function listMySectors({ db, pageRequest }: { db: Database; pageRequest: PageRequest }): Promise<Paginated<MySector>> {
  const { rows, total } = await listLiveMySectors({
    db,
    today: getKarachiToday(),
    limit: pageRequest.perPage,
    offset: getPageOffset(pageRequest),
  });
  return toPaginated({ rows: rows.map((row) => toMySector({ row })), total, pageRequest });
}
