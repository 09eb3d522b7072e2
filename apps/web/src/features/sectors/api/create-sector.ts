import { addSectorRoute, type AddSectorBody } from '@portal/contract/sectors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { sectorsQueryKey } from './get-sectors';

/** POST add-sector (multipart, 001 §7); the server builds sector_name from the codes. */
export function createSector(body: AddSectorBody) {
  return apiRequest(addSectorRoute, { body: toFormData(body) });
}

export function useCreateSector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createSector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: sectorsQueryKey }),
  });
}
