import type { BannersListResponse } from '@portal/contract/banners';
import type { Database } from '../../db/database.js';
import { getPageOffset, toPaginated, type PageRequest } from '../../lib/pagination.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { getPublicFileUrl } from '../files/files.usecases.js';
import { listBanners } from './banners.repository.js';

/**
 * allbanners-list (000 §7): admins get every banner (the Promotion table shows Status), everyone else the active
 * ones the dashboard carousel shows (banners.ts decisions). Banner images are public files (PRODUCT §4).
 */
export async function getBannersPage({
  db,
  publicUrl,
  user,
  pageRequest,
}: {
  db: Database;
  publicUrl: string;
  user: AuthUser;
  pageRequest: PageRequest;
}): Promise<BannersListResponse> {
  const { rows, total } = await listBanners({
    db,
    activeOnly: user.role !== 'admin',
    limit: pageRequest.perPage,
    offset: getPageOffset(pageRequest),
  });
  return {
    data: toPaginated({
      rows: rows.map(({ banner, imagePath }) => ({
        id: banner.id,
        name: banner.name,
        image: imagePath ? getPublicFileUrl({ publicUrl, storagePath: imagePath }) : null,
        status: banner.status ? 1 : 0,
        dash_btn_id: banner.dashBtnId,
      })),
      total,
      pageRequest,
    }),
  };
}
