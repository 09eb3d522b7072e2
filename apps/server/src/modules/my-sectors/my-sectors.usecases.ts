import type { Paginated } from '@portal/contract/common';
import type { AddMySectorBody, MySector, UpdateMySectorBody } from '@portal/contract/my-sectors';
import type { Database } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { catalogueUsecases, statusChange, type CatalogueRecords } from '../catalogue/catalogue.usecases.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
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

const mySectorCatalogue = catalogueUsecases<MySectorRow, MySector, AddMySectorBody, UpdateMySectorBody>({
  records: mySectorRecords,
  addPicture: (input) => input.image,
  editPicture: (input) => input.image,
  insert: ({ db, input, pictureId }) =>
    insertMySector({ db, mySector: { name: input.name, imageFileId: pictureId, status: input.status === 1 } }),
  update: ({ db, id, input, pictureId }) =>
    updateMySectorRow({
      db,
      id,
      changes: { name: input.name, ...(pictureId ? { imageFileId: pictureId } : {}), ...statusChange(input.status) },
    }),
  inUse: async ({ db, id }) => {
    const groupCount = await countLiveGroupsOfMySector({ db, mySectorId: id });
    return groupCount > 0 ? createMySectorInUseError({ groupCount }) : undefined;
  },
  remove: ({ db, id }) => softDeleteMySector({ db, id }),
});

/** 001 §5: name and image required; status defaults to active. Not audited (no auditKind): the actor is unused. */
export const addMySector = mySectorCatalogue.add;

/** No new image keeps the stored one; a my-sector without one must get one now (001 §5). */
export const updateMySector = mySectorCatalogue.edit;

/** Soft delete; refused while live groups use the my-sector. */
export const deleteMySector = mySectorCatalogue.remove;

export async function listMySectors({ db, pageRequest }: { db: Database; pageRequest: PageRequest }): Promise<Paginated<MySector>> {
  const { rows, total } = await listLiveMySectors({
    db,
    today: getKarachiToday(),
    limit: pageRequest.perPage,
    offset: getPageOffset(pageRequest),
  });
  return toPaginated({ rows: rows.map((row) => toMySector({ row })), total, pageRequest });
}
