import type { Paginated } from '@portal/contract/common';
import type { AddButtonBody, DashButton, UpdateButtonBody } from '@portal/contract/dashboard-buttons';
import type { Database } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import { catalogueUsecases, statusChange, type CatalogueRecords } from '../catalogue/catalogue.usecases.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
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
import type { DashboardButtonRow } from './dashboard-buttons.table.js';

function toDashButton({ row }: { row: DashButtonWithImage }): DashButton {
  return {
    id: row.id,
    title: row.title,
    target: row.target,
    image: row.imagePath ? getPublicFileUrl({ storagePath: row.imagePath }) : null,
    status: row.status ? 1 : 0,
  };
}

const dashButtonRecords: CatalogueRecords<DashboardButtonRow, DashButton> = {
  picture: { kind: 'button', field: 'image' },
  lockForUpdate: findDashButtonForUpdate,
  pictureIdOf: (row) => row.imageFileId,
  read: async ({ db, id }) => {
    const row = await findDashButtonWithImage({ db, id });
    return row && toDashButton({ row });
  },
  notFound: createDashButtonNotFoundError,
  pictureRequired: createDashButtonImageRequiredError,
  auditKind: 'dashboard_button',
};

const dashButtonCatalogue = catalogueUsecases<DashboardButtonRow, DashButton, AddButtonBody, UpdateButtonBody>({
  records: dashButtonRecords,
  addPicture: (input) => input.image,
  editPicture: (input) => input.image,
  insert: ({ db, input, pictureId }) =>
    insertDashButton({ db, button: { title: input.title, target: input.target, imageFileId: pictureId, status: input.status === 1 } }),
  update: ({ db, id, input, pictureId }) =>
    updateDashButton({
      db,
      id,
      changes: {
        title: input.title,
        target: input.target,
        ...(pictureId ? { imageFileId: pictureId } : {}),
        ...statusChange(input.status),
      },
    }),
  remove: ({ db, id }) => deleteDashButtonRow({ db, id }),
});

/** 001 §5: title, target and image required; the image is stored (checked by content) in the button's transaction. */
export const addDashButton = dashButtonCatalogue.add;

/** No new image keeps the stored one; a button without one must get one now (001 §4 'Remove Image', §5). */
export const editDashButton = dashButtonCatalogue.edit;

/** Removes the button; its banners stay, without a button (dashboard-buttons.ts decisions). */
export const removeDashButton = dashButtonCatalogue.remove;

/** list-of-dashbtn: 20 a page when a page is asked for, else every button as one page (the Select Button). */
export async function getDashButtonsPage({
  db,
  pageRequest,
}: {
  db: Database;
  pageRequest: PageRequest | { all: true; baseUrl: string };
}): Promise<Paginated<DashButton>> {
  if ('all' in pageRequest) {
    const { rows, total } = await listDashButtonRows({ db, offset: 0 });
    const perPage = Math.max(total, 1);
    return toPaginated({
      rows: rows.map((row) => toDashButton({ row })),
      total,
      pageRequest: { page: 1, perPage, baseUrl: pageRequest.baseUrl, query: '' },
    });
  }
  const { rows, total } = await listDashButtonRows({ db, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return toPaginated({ rows: rows.map((row) => toDashButton({ row })), total, pageRequest });
}
