import { listDashButtonsRoute } from '@portal/contract/dashboard-buttons';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

export const dashButtonsQueryKey = ['promotion', 'dash-buttons'] as const;

/** GET list-of-dashbtn: with a page, 20 a page; without, every button (contract dashboard-buttons.ts). */
export function getDashButtons({ page, signal }: { page?: number; signal?: AbortSignal }) {
  return apiRequest(listDashButtonsRoute, { query: page === undefined ? {} : { page }, signal });
}

export function getDashButtonsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...dashButtonsQueryKey, { page }],
    queryFn: ({ signal }) => getDashButtons({ page, signal }),
  });
}

export function getAllDashButtonsQueryOptions() {
  return queryOptions({
    queryKey: [...dashButtonsQueryKey, 'all'],
    queryFn: ({ signal }) => getDashButtons({ signal }),
    select: (answer) => answer.data,
  });
}

/** The 'All Buttons' table, page by page (001 §4). */
export function useDashButtons(pager?: ListPager) {
  return usePagedList({ pageQuery: getDashButtonsQueryOptions, pager });
}

/** Every button, for the banner modal's Select Button. */
export function useAllDashButtons() {
  return useQuery(getAllDashButtonsQueryOptions());
}
