import { updateGroupStatusRoute } from '@portal/contract/groups';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshList } from '@/lib/paged-list';
import { groupsQueryKey } from './get-groups';

/** POST update-group-status: close_status 1 closes (Close Group), 0 reopens (Active Group). */
export function updateGroupStatus(body: { group_id: number; close_status: 0 | 1 }) {
  return apiRequest(updateGroupStatusRoute, { body });
}

/** Both group lists refresh before the toast (decision 021). */
export function useUpdateGroupStatus() {
  const refreshList = useRefreshList(groupsQueryKey);
  return useMutation({ mutationFn: updateGroupStatus, onSuccess: refreshList });
}
