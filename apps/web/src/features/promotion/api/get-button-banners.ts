import { bannersListRoute, DASH_BTN_ID_HEADER } from '@portal/contract/banners';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

export const buttonBannersQueryKey = ['promotion', 'button-banners'] as const;

/** GET banners-list?page=N with the Dash-Btn-Id header (001 §7); the paginator sits inside `data`. */
export async function getButtonBanners({ dashBtnId, page, signal }: { dashBtnId: string; page: number; signal?: AbortSignal }) {
  return (await apiRequest(bannersListRoute, { query: { page }, headers: { [DASH_BTN_ID_HEADER]: dashBtnId }, signal })).data;
}

export function getButtonBannersQueryOptions(dashBtnId: string) {
  return (page: number) =>
    queryOptions({
      queryKey: [...buttonBannersQueryKey, dashBtnId, { page }],
      queryFn: ({ signal }) => getButtonBanners({ dashBtnId, page, signal }),
    });
}

/** The active banners of one dashboard button, page by page (p/{id}/{name}, 001 §2). */
export function useButtonBanners(dashBtnId: string, pager?: ListPager) {
  return usePagedList({ pageQuery: getButtonBannersQueryOptions(dashBtnId), resetKey: dashBtnId, pager });
}
