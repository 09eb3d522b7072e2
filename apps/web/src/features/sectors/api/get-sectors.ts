import { listSectorsRoute } from '@portal/contract/sectors';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

export const sectorsQueryKey = ['sectors'] as const;

export function getSectors({ page, signal }: { page: number; signal?: AbortSignal }) {
  return apiRequest(listSectorsRoute, { query: { page }, signal });
}

export function getSectorsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...sectorsQueryKey, { page }],
    queryFn: ({ signal }) => getSectors({ page, signal }),
  });
}

/** GET listofsectors?page=N, page by page (001 §4). */
export function useSectors(pager?: ListPager) {
  return usePagedList({ pageQuery: getSectorsQueryOptions, pager });
}
