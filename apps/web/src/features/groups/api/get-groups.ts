import { listGroupsRoute } from '@portal/contract/groups';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListFilters, ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

export const groupsQueryKey = ['groups'] as const;

/** The groups lists' search in the address (useListParams, decision 022). */
export const GROUP_SEARCH_PARAMS = { pnr: 'text', date: 'date' } as const;

export type GroupFilters = ListFilters<typeof GROUP_SEARCH_PARAMS>;

export function getGroups({ page, filters, signal }: { page: number; filters: GroupFilters; signal?: AbortSignal }) {
  return apiRequest(listGroupsRoute, { query: { page, ...filters }, signal });
}

export function getGroupsQueryOptions(page: number, filters: GroupFilters) {
  return queryOptions({
    queryKey: [...groupsQueryKey, 'open', { page, ...filters }],
    queryFn: ({ signal }) => getGroups({ page, filters, signal }),
  });
}

/** GET listofgroups?page=N&pnr=&date= (001 §7); a new search starts again at page 1 (001 §4). */
export function useGroups(filters: GroupFilters, pager?: ListPager) {
  return usePagedList({
    pageQuery: (page) => getGroupsQueryOptions(page, filters),
    resetKey: JSON.stringify(filters),
    pager,
  });
}
