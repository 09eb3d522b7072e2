import { deleteSectorRoute } from '@portal/contract/sectors';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshSoon } from '@/lib/paged-list';
import { sectorsQueryKey } from './get-sectors';

export function deleteSector(id: number) {
  return apiRequest(deleteSectorRoute, { params: { id } });
}

/** GET deletesector/{id}; the list refreshes 2 s later (001 §4). */
export function useDeleteSector() {
  const refreshSoon = useRefreshSoon(sectorsQueryKey);
  return useMutation({ mutationFn: deleteSector, onSuccess: refreshSoon });
}
