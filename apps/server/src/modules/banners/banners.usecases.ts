import type { AddBannerBody, Banner, BannersListResponse, UpdateBannerBody } from '@portal/contract/banners';
import type { Database, Executor } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { findDashButton, findDashButtonForShare } from '../dashboard-buttons/dashboard-buttons.repository.js';
import { getPublicFileUrl, saveUploadedFile, type StorageContext } from '../files/files.usecases.js';
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

function toBanner({ row: { banner, imagePath }, publicUrl }: { row: BannerWithImage; publicUrl: string }): Banner {
  return {
    id: banner.id,
    name: banner.name,
    // Banner images are public files (PRODUCT §4).
    image: imagePath ? getPublicFileUrl({ publicUrl, storagePath: imagePath }) : null,
    status: banner.status ? 1 : 0,
    dash_btn_id: banner.dashBtnId,
    updated_at: banner.updatedAt.toISOString(),
  };
}

async function getBanner({ db, id, publicUrl }: { db: Executor; id: number; publicUrl: string }): Promise<Banner> {
  const row = await findBannerWithImage({ db, id });
  if (!row) throw createBannerNotFoundError();
  return toBanner({ row, publicUrl });
}

/**
 * allbanners-list (000 §7): admins get every banner (the Promotion table shows Status), everyone else the active
 * ones the dashboard carousel shows (banners.ts decisions).
 */
export async function getBannersPage({
  db,
  publicUrl,
  user,
  pageRequest,
}: {
  db: Database;
  publicUrl: string;
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
  return { data: toPaginated({ rows: rows.map((row) => toBanner({ row, publicUrl })), total, pageRequest }) };
}

/**
 * banners-list (001 §7): the active banners of one dashboard button, for p/{id}/{name}. A switched-off button is
 * not on a non-admin's dashboard, so its page answers 404 to them as an unknown one does.
 */
export async function getButtonBannersPage({
  db,
  publicUrl,
  user,
  dashBtnId,
  pageRequest,
}: {
  db: Database;
  publicUrl: string;
  user: AuthUser;
  dashBtnId: number;
  pageRequest: PageRequest;
}): Promise<BannersListResponse> {
  const button = await findDashButton({ db, id: dashBtnId });
  if (!button || (!button.status && user.role !== 'admin')) throw createBannerButtonNotFoundError();
  const { rows, total } = await listBanners({ db, activeOnly: true, dashBtnId, limit: pageRequest.perPage, offset: getPageOffset(pageRequest) });
  return { data: toPaginated({ rows: rows.map((row) => toBanner({ row, publicUrl })), total, pageRequest }) };
}

/** 001 §5: button, name and image required; the image is stored (checked by content) in the banner's transaction. */
export async function addBanner({
  db,
  storage,
  input,
  userId,
}: {
  db: Database;
  storage: StorageContext;
  input: AddBannerBody;
  userId: number | null;
}): Promise<Banner> {
  return db.transaction(async (tx) => {
    if (!(await findDashButtonForShare({ db: tx, id: input.dash_btn_id }))) throw createBannerButtonInvalidError();
    const image = await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.image, kind: 'banner', field: 'image', userId });
    const banner = await insertBanner({
      db: tx,
      banner: { dashBtnId: input.dash_btn_id, name: input.name, imageFileId: image.id, status: input.status === 1 },
    });
    return toBanner({ row: { banner, imagePath: image.storagePath }, publicUrl: storage.publicUrl });
  });
}

/** No new image keeps the stored one; a banner without one must get one now (001 §4 'Remove Image', §5). */
export async function editBanner({
  db,
  storage,
  id,
  input,
  userId,
}: {
  db: Database;
  storage: StorageContext;
  id: number;
  input: UpdateBannerBody;
  userId: number | null;
}): Promise<Banner> {
  return db.transaction(async (tx) => {
    const current = await findBannerForUpdate({ db: tx, id });
    if (!current) throw createBannerNotFoundError();
    if (!(await findDashButtonForShare({ db: tx, id: input.dash_btn_id }))) throw createBannerButtonInvalidError();
    if (!input.image && current.imageFileId === null) throw createBannerImageRequiredError();
    const image = input.image
      ? await saveUploadedFile({ db: tx, uploadsDir: storage.uploadsDir, file: input.image, kind: 'banner', field: 'image', userId })
      : undefined;
    await updateBannerRow({
      db: tx,
      id,
      changes: {
        dashBtnId: input.dash_btn_id,
        name: input.name,
        ...(image ? { imageFileId: image.id } : {}),
        ...(input.status === undefined ? {} : { status: input.status === 1 }),
      },
    });
    return getBanner({ db: tx, id, publicUrl: storage.publicUrl });
  });
}

export async function removeBanner({ db, id }: { db: Database; id: number }): Promise<void> {
  if (!(await deleteBannerRow({ db, id }))) throw createBannerNotFoundError();
}
