import { updateSectorRoute, type UpdateSectorBody } from '@portal/contract/sectors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { sectorsQueryKey } from './get-sectors';

export function updateSector({ id, body }: { id: number; body: UpdateSectorBody }) {
  return apiRequest(updateSectorRoute, { params: { id }, body: toFormData(body) });
}

export function useUpdateSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateSector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sectorsQueryKey }),
  });
}
