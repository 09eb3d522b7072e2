import { deleteAirlineRoute } from '@portal/contract/airlines';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshSoon } from '@/lib/paged-list';
import { airlinesQueryKey } from './get-airlines';

export function deleteAirline(id: number) {
  return apiRequest(deleteAirlineRoute, { params: { id } });
}

/** GET deleteairline/{id}; the list refreshes 2 s later (001 §4). */
export function useDeleteAirline() {
  const refreshSoon = useRefreshSoon(airlinesQueryKey);
  return useMutation({ mutationFn: deleteAirline, onSuccess: refreshSoon });
}
