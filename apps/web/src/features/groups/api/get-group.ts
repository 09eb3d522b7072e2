import { editGroupRoute } from '@portal/contract/groups';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { groupsQueryKey } from './get-groups';

export async function getGroup({ id, signal }: { id: number; signal?: AbortSignal }) {
  const answer = await apiRequest(editGroupRoute, { params: { id }, signal });
  return answer.data;
}

export function getGroupQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...groupsQueryKey, 'one', id],
    queryFn: ({ signal }) => getGroup({ id, signal }),
    // The edit form must start from the stored group, not a cached copy.
    staleTime: 0,
  });
}

/** GET editgroup/{id}: the group with every leg, for the edit form. */
export function useGroup(id: number) {
  return useQuery(getGroupQueryOptions(id));
}
