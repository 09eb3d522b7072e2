import { updateGroupRoute, type UpdateGroupBody } from '@portal/contract/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { groupsQueryKey } from './get-groups';

/** POST update-group: group_id plus every field; the server replaces the legs. */
export function updateGroup(body: UpdateGroupBody) {
  return apiRequest(updateGroupRoute, { body });
}

export function useUpdateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
