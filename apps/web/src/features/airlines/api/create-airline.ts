import { addAirlineRoute, type AddAirlineBody } from '@portal/contract/airlines';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { airlinesQueryKey } from './get-airlines';

/** POST add-airline as multipart (full_name, short_name, logo, status). */
export function createAirline(body: AddAirlineBody) {
  return apiRequest(addAirlineRoute, { body: toFormData(body) });
}

export function useCreateAirline() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createAirline,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: airlinesQueryKey }),
  });
}
