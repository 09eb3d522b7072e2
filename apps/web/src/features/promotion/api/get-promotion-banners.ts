import { allBannersListRoute } from '@portal/contract/banners';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

export const promotionBannersQueryKey = ['promotion', 'banners'] as const;

/** The paginator sits inside `data` here (000 §7). */
export async function getPromotionBanners({ page, signal }: { page: number; signal?: AbortSignal }) {
  return (await apiRequest(allBannersListRoute, { query: { page }, signal })).data;
}

export function getPromotionBannersQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...promotionBannersQueryKey, { page }],
    queryFn: ({ signal }) => getPromotionBanners({ page, signal }),
  });
}

/** GET allbanners-list?page=N for the 'All Banners' table (admins get every banner, active or not). */
export function usePromotionBanners(pager?: ListPager) {
  return usePagedList({ pageQuery: getPromotionBannersQueryOptions, pager });
}
