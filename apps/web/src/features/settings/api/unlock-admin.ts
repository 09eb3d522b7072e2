import { unlockUserRoute } from '@portal/contract/agents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminsQueryKey } from './get-admins';

/** POST unlock-user for an administrator locked after too many wrong passwords (decision 018). */
export function unlockAdmin(id: number) {
  return apiRequest(unlockUserRoute, { body: { id } });
}

export function useUnlockAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: unlockAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }) });
}
