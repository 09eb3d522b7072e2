import { addAdminRoute, type AddAdminInput } from '@portal/contract/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminsQueryKey } from './get-admins';

/** POST add-admin (name, email, password). */
export function addAdmin(body: AddAdminInput) {
  return apiRequest(addAdminRoute, { body });
}

export function useAddAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: addAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }) });
}
