import { allBannersListRoute, type Banner, type BannersListResponse } from '@portal/contract/banners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A banner the popup can show: active and with an image. */
export type PopupBanner = Banner & { image: string };

/**
 * The banner the popup offers: of the active banners with an image (admins receive inactive ones too, contract
 * banners.ts), the one added or edited last; on a tie the list's order (newest first). Decision 021: an edited
 * banner is the latest promotion again.
 */
export function selectPopupBanner(answer: BannersListResponse): PopupBanner | null {
  let latest: PopupBanner | null = null;
  for (const banner of answer.data.data) {
    if (banner.status !== 1 || banner.image === null) continue;
    if (!latest || Date.parse(banner.updated_at) > Date.parse(latest.updated_at)) latest = { ...banner, image: banner.image };
  }
  return latest;
}

export function getPopupBanners({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(allBannersListRoute, { query: { page: 1 }, signal });
}

export function getPopupBannerQueryOptions() {
  return queryOptions({
    // The same call and key as the dashboard carousel's first page, so the dashboard asks for it once.
    queryKey: ['banners', 'list', { page: 1 }],
    queryFn: ({ signal }) => getPopupBanners({ signal }),
    select: selectPopupBanner,
  });
}

/** GET allbanners-list?page=1 (000 §7) for the banner popup. A failed call shows no popup (000 §8: logged only). */
export function usePopupBanner({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getPopupBannerQueryOptions(), enabled });
}
