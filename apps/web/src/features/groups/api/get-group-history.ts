import { listGroupHistoryRoute } from '@portal/contract/groups';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';
import { groupsQueryKey, type GroupFilters } from './get-groups';

export function getGroupHistory({ page, filters, signal }: { page: number; filters: GroupFilters; signal?: AbortSignal }) {
  return apiRequest(listGroupHistoryRoute, { query: { page, ...filters }, signal });
}

export function getGroupHistoryQueryOptions(page: number, filters: GroupFilters) {
  return queryOptions({
    queryKey: [...groupsQueryKey, 'history', { page, ...filters }],
    queryFn: ({ signal }) => getGroupHistory({ page, filters, signal }),
  });
}

/** GET listofgrouphistory?page=N&date=&pnr= : closed groups (001 §2, §7). */
export function useGroupHistory(filters: GroupFilters, pager?: ListPager) {
  return usePagedList({
    pageQuery: (page) => getGroupHistoryQueryOptions(page, filters),
    resetKey: JSON.stringify(filters),
    pager,
  });
}
