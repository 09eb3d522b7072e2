import { addGroupRoute, type AddGroupBody } from '@portal/contract/groups';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { groupsQueryKey } from './get-groups';

/** POST add-group with the per-leg arrays (JSON, which the contract accepts beside multipart). */
export function createGroup(body: AddGroupBody) {
  return apiRequest(addGroupRoute, { body });
}

export function useCreateGroup() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createGroup,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: groupsQueryKey }),
  });
}
