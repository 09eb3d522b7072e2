import { listMySectorsRoute } from '@portal/contract/my-sectors';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

export const mySectorsQueryKey = ['my-sectors'] as const;

export function getMySectors({ page, signal }: { page: number; signal?: AbortSignal }) {
  return apiRequest(listMySectorsRoute, { query: { page }, signal });
}

export function getMySectorsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...mySectorsQueryKey, { page }],
    queryFn: ({ signal }) => getMySectors({ page, signal }),
  });
}

/** GET listofmysectors?page=N, page by page (001 §4). */
export function useMySectors(pager?: ListPager) {
  return usePagedList({ pageQuery: getMySectorsQueryOptions, pager });
}
