import { deleteMySectorRoute } from '@portal/contract/my-sectors';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshSoon } from '@/lib/paged-list';
import { mySectorsQueryKey } from './get-my-sectors';

export function deleteMySector(id: number) {
  return apiRequest(deleteMySectorRoute, { params: { id } });
}

/** GET deletemysector/{id}; the list refreshes 2 s later (001 §4). */
export function useDeleteMySector() {
  const refreshSoon = useRefreshSoon(mySectorsQueryKey);
  return useMutation({ mutationFn: deleteMySector, onSuccess: refreshSoon });
}
