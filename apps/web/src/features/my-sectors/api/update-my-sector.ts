import { updateMySectorRoute, type UpdateMySectorInput } from '@portal/contract/my-sectors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { useRefreshList } from '@/lib/paged-list';
import { mySectorsQueryKey } from './get-my-sectors';

/** POST updatemysector/{id}: the edit modal, and the list's status switch (name + status). */
export function updateMySector({ id, body }: { id: number; body: UpdateMySectorInput }) {
  return apiRequest(updateMySectorRoute, { params: { id }, body: toFormData(body) });
}

export function useUpdateMySector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateMySector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySectorsQueryKey }),
  });
}

/** The status switch: the list refreshes before the toast, like a delete (decision 021). */
export function useToggleMySectorStatus() {
  const refreshList = useRefreshList(mySectorsQueryKey);
  return useMutation({ mutationFn: updateMySector, onSuccess: refreshList });
}
