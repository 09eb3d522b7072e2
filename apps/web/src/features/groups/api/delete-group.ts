import { deleteGroupRoute } from '@portal/contract/groups';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshSoon } from '@/lib/paged-list';
import { groupsQueryKey } from './get-groups';

export function deleteGroup(id: number) {
  return apiRequest(deleteGroupRoute, { params: { id } });
}

/** GET deletegroup/{id}; the lists refresh 2 s later (001 §4). */
export function useDeleteGroup() {
  const refreshSoon = useRefreshSoon(groupsQueryKey);
  return useMutation({ mutationFn: deleteGroup, onSuccess: refreshSoon });
}
