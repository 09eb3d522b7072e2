import { deleteMySectorRoute } from '@portal/contract/my-sectors';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshList } from '@/lib/paged-list';
import { mySectorsQueryKey } from './get-my-sectors';

export function deleteMySector(id: number) {
  return apiRequest(deleteMySectorRoute, { params: { id } });
}

/** GET deletemysector/{id}; the list refreshes before the toast (decision 021). */
export function useDeleteMySector() {
  const refreshList = useRefreshList(mySectorsQueryKey);
  return useMutation({ mutationFn: deleteMySector, onSuccess: refreshList });
}
