import { updateAirlineRoute, type UpdateAirlineBody } from '@portal/contract/airlines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { airlinesQueryKey } from './get-airlines';

/** POST updateariline/{id} (the seed's spelling); no logo keeps the stored one. */
export function updateAirline({ id, body }: { id: number; body: UpdateAirlineBody }) {
  return apiRequest(updateAirlineRoute, { params: { id }, body: toFormData(body) });
}

export function useUpdateAirline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateAirline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: airlinesQueryKey }),
  });
}
