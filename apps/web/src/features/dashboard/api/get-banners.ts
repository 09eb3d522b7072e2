import { allBannersListRoute, type Banner } from '@portal/contract/banners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const bannersQueryKey = ['banners'] as const;

/** A banner the carousel can show: active and with an image. */
export type ShownBanner = Banner & { image: string };

export function getBanners({ page, signal }: { page: number; signal?: AbortSignal }) {
  return apiRequest(allBannersListRoute, { query: { page }, signal });
}

export function getCarouselBannersQueryOptions() {
  return queryOptions({
    queryKey: [...bannersQueryKey, 'list', { page: 1 }],
    queryFn: ({ signal }) => getBanners({ page: 1, signal }),
    // Admins receive inactive banners too (contract banners.ts); the carousel shows active ones only.
    select: (answer) => answer.data.data.filter((banner): banner is ShownBanner => banner.status === 1 && banner.image !== null),
  });
}

/** GET allbanners-list?page=1 (000 §7) for the dashboard carousel. Its errors are ignored (000 §8): no slides. */
export function useCarouselBanners() {
  return useQuery(getCarouselBannersQueryOptions());
}
