import { allBannersListRoute, type Banner } from '@portal/contract/banners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A banner the popup can show: active and with an image. */
export type PopupBanner = Banner & { image: string };

export function getPopupBanners({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(allBannersListRoute, { query: { page: 1 }, signal });
}

export function getPopupBannerQueryOptions() {
  return queryOptions({
    // The same call and key as the dashboard carousel's first page, so the dashboard asks for it once.
    queryKey: ['banners', 'list', { page: 1 }],
    queryFn: ({ signal }) => getPopupBanners({ signal }),
    // Admins receive inactive banners too (contract banners.ts): the popup shows the first active one, or none.
    select: (answer): PopupBanner | null =>
      answer.data.data.find((banner): banner is PopupBanner => banner.status === 1 && banner.image !== null) ?? null,
  });
}

/** GET allbanners-list?page=1 (000 §7) for the banner popup. A failed call shows no popup (000 §8: logged only). */
export function usePopupBanner({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getPopupBannerQueryOptions(), enabled });
}
