import type { AddBannerBody, Banner, BannersListResponse, UpdateBannerBody } from '@portal/contract/banners';
import type { Database } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { findDashButton, findDashButtonForShare } from '../dashboard-buttons/dashboard-buttons.repository.js';
import { catalogueUsecases, statusChange, type CatalogueRecords } from '../catalogue/catalogue.usecases.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
import {
  createBannerButtonInvalidError,
  createBannerButtonNotFoundError,
  createBannerImageRequiredError,
  createBannerNotFoundError,
} from './banners.errors.js';
import {
  deleteBannerRow,
  findBannerForUpdate,
  findBannerWithImage,
  insertBanner,
  listBanners,
  updateBannerRow,
  type BannerWithImage,
} from './banners.repository.js';
import type { BannerRow } from './banners.table.js';

function toBanner({ row: { banner, imagePath } }: { row: BannerWithImage }): Banner {
  return {
    id: banner.id,
    name: banner.name,
    // Banner images are public files (PRODUCT §4).
    image: imagePath ? getPublicFileUrl({ storagePath: imagePath }) : null,
    status: banner.status ? 1 : 0,
    dash_btn_id: banner.dashBtnId,
    updated_at: banner.updatedAt.toISOString(),
  };
}

const bannerRecords: CatalogueRecords<BannerRow, Banner> = {
  picture: { kind: 'banner', field: 'image' },
  lockForUpdate: findBannerForUpdate,
  pictureIdOf: (row) => row.imageFileId,
  read: async ({ db, id }) => {
    const row = await findBannerWithImage({ db, id });
    return row && toBanner({ row });
  },
  notFound: createBannerNotFoundError,
  pictureRequired: createBannerImageRequiredError,
  auditKind: 'banner',
};

/**
 * allbanners-list (000 §7): admins get every banner (the Promotion table shows Status), everyone else the active
 * ones the dashboard carousel shows (banners.ts decisions).
 */
export async function getBannersPage({
  db,
  user,
  pageRequest,
}: {
  db: Database;
  /** null: an anonymous visitor (public-banners), who sees the active banners as agents do. */
  user: AuthUser | null;
  pageRequest: PageRequest;
}): Promise<BannersListResponse> {
  const { rows, total } = await listBanners({
    db,
    activeOnly: user?.role !== 'admin',
    limit: pageRequest.perPage,
    offset: getPageOffset(pageRequest),
  });
  return { data: toPaginated({ rows: rows.map((row) => toBanner({ row })), total, pageRequest }) };
}

/**
 * banners-list (001 §7): the active banners of one dashboard button, for p/{id}/{name}. A switched-off button is
 * not on a non-admin's dashboard, so its page answers 404 to them as an unknown one does.
 */
export async function getButtonBannersPage({
  db,
  user,
  dashBtnId,
  pageRequest,
}: {
  db: Database;
  user: AuthUser;
  dashBtnId: number;
  pageRequest: PageRequest;
}): Promise<BannersListResponse> {
  const button = await findDashButton({ db, id: dashBtnId });
  if (!button || (!button.status && user.role !== 'admin')) throw createBannerButtonNotFoundError();
  const { rows, total } = await listBanners({ db, activeOnly: true, dashBtnId, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return { data: toPaginated({ rows: rows.map((row) => toBanner({ row })), total, pageRequest }) };
}

const bannerCatalogue = catalogueUsecases<BannerRow, Banner, AddBannerBody, UpdateBannerBody>({
  records: bannerRecords,
  addPicture: (input) => input.image,
  editPicture: (input) => input.image,
  // The banner's button, share-locked so that it is not deleted while the banner is attached to it.
  check: async ({ db, input }) => {
    if (!(await findDashButtonForShare({ db, id: input.dash_btn_id }))) throw createBannerButtonInvalidError();
  },
  insert: ({ db, input, pictureId }) =>
    insertBanner({ db, banner: { dashBtnId: input.dash_btn_id, name: input.name, imageFileId: pictureId, status: input.status === 1 } }),
  update: ({ db, id, input, pictureId }) =>
    updateBannerRow({
      db,
      id,
      changes: {
        dashBtnId: input.dash_btn_id,
        name: input.name,
        ...(pictureId ? { imageFileId: pictureId } : {}),
        ...statusChange(input.status),
      },
    }),
  remove: ({ db, id }) => deleteBannerRow({ db, id }),
});

/** 001 §5: button, name and image required; the image is stored (checked by content) in the banner's transaction. */
export const addBanner = bannerCatalogue.add;

/** No new image keeps the stored one; a banner without one must get one now (001 §4 'Remove Image', §5). */
export const editBanner = bannerCatalogue.edit;

export const removeBanner = bannerCatalogue.remove;
