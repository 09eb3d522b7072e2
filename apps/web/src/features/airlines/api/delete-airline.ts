import { deleteAirlineRoute } from '@portal/contract/airlines';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshList } from '@/lib/paged-list';
import { airlinesQueryKey } from './get-airlines';

export function deleteAirline(id: number) {
  return apiRequest(deleteAirlineRoute, { params: { id } });
}

/** GET deleteairline/{id}; the list refreshes before the toast (decision 021). */
export function useDeleteAirline() {
  const refreshList = useRefreshList(airlinesQueryKey);
  return useMutation({ mutationFn: deleteAirline, onSuccess: refreshList });
}
