import { addButtonRoute, type AddButtonBody } from '@portal/contract/dashboard-buttons';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { dashButtonsQueryKey } from './get-dash-buttons';

/** POST add-button as multipart (title, target, image, status). */
export function createButton(body: AddButtonBody) {
  return apiRequest(addButtonRoute, { body: toFormData(body) });
}

export function useCreateButton() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createButton, onSuccess: () => queryClient.invalidateQueries({ queryKey: dashButtonsQueryKey }) });
}
