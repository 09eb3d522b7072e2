import { deleteButtonRoute } from '@portal/contract/dashboard-buttons';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshList } from '@/lib/paged-list';
import { dashButtonsQueryKey } from './get-dash-buttons';

export function deleteButton(id: number) {
  return apiRequest(deleteButtonRoute, { params: { id } });
}

/** GET deletedashbtn/{id}; the list refreshes before the toast (decision 021). */
export function useDeleteButton() {
  const refreshList = useRefreshList(dashButtonsQueryKey);
  return useMutation({ mutationFn: deleteButton, onSuccess: refreshList });
}
