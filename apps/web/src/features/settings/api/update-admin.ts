import { updateAdminRoute, type UpdateAdminInput } from '@portal/contract/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminsQueryKey } from './get-admins';

/** POST update-admin/{id}; an empty password keeps the stored one. */
export function updateAdmin({ id, body }: { id: number; body: UpdateAdminInput }) {
  return apiRequest(updateAdminRoute, { params: { id }, body });
}

export function useUpdateAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }) });
}
