import { addMySectorRoute, type AddMySectorBody } from '@portal/contract/my-sectors';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { mySectorsQueryKey } from './get-my-sectors';

/** POST add-mysector as multipart (name, status, image). */
export function createMySector(body: AddMySectorBody) {
  return apiRequest(addMySectorRoute, { body: toFormData(body) });
}

export function useCreateMySector() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: createMySector,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: mySectorsQueryKey }),
  });
}
