import { updateMySectorRoute, type UpdateMySectorInput } from '@portal/contract/my-sectors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { useRefreshSoon } from '@/lib/paged-list';
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

/** The status switch: a status change refreshes the list 2 s later (001 §4), like a delete. */
export function useToggleMySectorStatus() {
  const refreshSoon = useRefreshSoon(mySectorsQueryKey);
  return useMutation({ mutationFn: updateMySector, onSuccess: refreshSoon });
}
