import { publicBannersListRoute, type Banner } from '@portal/contract/banners';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** A banner the home page can show: active and with an image. */
export type HomeBanner = Banner & { image: string };

export function getHomeBanners({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(publicBannersListRoute, { query: { page: 1 }, signal });
}

export function getHomeBannersQueryOptions() {
  return queryOptions({
    queryKey: ['banners', 'public', { page: 1 }],
    queryFn: ({ signal }) => getHomeBanners({ signal }),
    select: (answer) => answer.data.data.filter((banner): banner is HomeBanner => banner.status === 1 && banner.image !== null),
  });
}

/** The home page's banners (001 §2 "/ : home (… banners)") for every visitor; errors show nothing (000 §8). */
export function useHomeBanners() {
  return useQuery(getHomeBannersQueryOptions());
}
