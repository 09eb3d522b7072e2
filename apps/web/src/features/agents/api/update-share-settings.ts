import { updateShareSettingsRoute, type UpdateShareSettingsInput } from '@portal/contract/share';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { myProfileQueryKey } from './get-my-profile';

/** POST update-share-settings: the agent's markup on the fares it shares (PRODUCT §6, decision 026). */
export function updateShareSettings(body: UpdateShareSettingsInput) {
  return apiRequest(updateShareSettingsRoute, { body });
}

export function useUpdateShareSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateShareSettings,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: myProfileQueryKey }),
  });
}
