import { deleteSectorRoute } from '@portal/contract/sectors';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshList } from '@/lib/paged-list';
import { sectorsQueryKey } from './get-sectors';

export function deleteSector(id: number) {
  return apiRequest(deleteSectorRoute, { params: { id } });
}

/** GET deletesector/{id}; the list refreshes before the toast (decision 021). */
export function useDeleteSector() {
  const refreshList = useRefreshList(sectorsQueryKey);
  return useMutation({ mutationFn: deleteSector, onSuccess: refreshList });
}
