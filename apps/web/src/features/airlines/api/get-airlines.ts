import { listAirlinesRoute } from '@portal/contract/airlines';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

export const airlinesQueryKey = ['airlines'] as const;

export function getAirlines({ page, signal }: { page: number; signal?: AbortSignal }) {
  return apiRequest(listAirlinesRoute, { query: { page }, signal });
}

export function getAirlinesQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...airlinesQueryKey, { page }],
    queryFn: ({ signal }) => getAirlines({ page, signal }),
  });
}

/** GET listofairlines?page=N, page by page (001 §4). */
export function useAirlines(pager?: ListPager) {
  return usePagedList({ pageQuery: getAirlinesQueryOptions, pager });
}
