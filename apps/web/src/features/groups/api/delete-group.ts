import { deleteGroupRoute } from '@portal/contract/groups';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshList } from '@/lib/paged-list';
import { groupsQueryKey } from './get-groups';

export function deleteGroup(id: number) {
  return apiRequest(deleteGroupRoute, { params: { id } });
}

/** GET deletegroup/{id}; the lists refresh before the toast (decision 021). */
export function useDeleteGroup() {
  const refreshList = useRefreshList(groupsQueryKey);
  return useMutation({ mutationFn: deleteGroup, onSuccess: refreshList });
}
