import { generalRoute } from '@portal/contract/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export async function getGeneral({ signal }: { signal?: AbortSignal } = {}) {
  const answer = await apiRequest(generalRoute, { signal });
  return answer.data;
}

export function getGeneralQueryOptions() {
  return queryOptions({ queryKey: ['general'], queryFn: ({ signal }) => getGeneral({ signal }) });
}

/** GET general: the airlines, my sectors and sectors the group form chooses from (001 §7). */
export function useGeneral() {
  return useQuery(getGeneralQueryOptions());
}
