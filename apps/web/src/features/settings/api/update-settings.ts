import { updateSettingsRoute, type UpdateSettingsInput } from '@portal/contract/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { settingsQueryKey } from './get-settings';

/** POST update-settings as JSON: any subset; a list sent replaces the stored one. */
export function updateSettings(body: UpdateSettingsInput) {
  return apiRequest(updateSettingsRoute, { body });
}

export function useUpdateSettings() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSettings,
    onSuccess: (answer) => queryClient.setQueryData(settingsQueryKey, { data: answer.data }),
  });
}
