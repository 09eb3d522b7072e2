import { unlockUserRoute } from '@portal/contract/agents';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentsRootKey } from './get-agents';

export function unlockUser(id: number) {
  return apiRequest(unlockUserRoute, { body: { id } });
}

/** POST unlock-user (decision 018): the account may sign in again at once, so the lists refresh at once. */
export function useUnlockUser() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: unlockUser,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: agentsRootKey }),
  });
}
