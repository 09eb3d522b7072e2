import { deleteButtonRoute } from '@portal/contract/dashboard-buttons';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshSoon } from '@/lib/paged-list';
import { dashButtonsQueryKey } from './get-dash-buttons';

export function deleteButton(id: number) {
  return apiRequest(deleteButtonRoute, { params: { id } });
}

/** GET deletedashbtn/{id}; the list refreshes 2 s later (001 §4). */
export function useDeleteButton() {
  const refreshSoon = useRefreshSoon(dashButtonsQueryKey);
  return useMutation({ mutationFn: deleteButton, onSuccess: refreshSoon });
}
