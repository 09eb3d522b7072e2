import { updateButtonRoute, type UpdateButtonInput } from '@portal/contract/dashboard-buttons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { dashButtonsQueryKey } from './get-dash-buttons';

/** POST update-Button/{id}; no image keeps the stored one. */
export function updateButton({ id, body }: { id: number; body: UpdateButtonInput }) {
  return apiRequest(updateButtonRoute, { params: { id }, body: toFormData(body) });
}

export function useUpdateButton() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateButton, onSuccess: () => queryClient.invalidateQueries({ queryKey: dashButtonsQueryKey }) });
}
