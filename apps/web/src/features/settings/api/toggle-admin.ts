import { toggleAdminRoute } from '@portal/contract/settings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { adminsQueryKey } from './get-admins';

/** GET toggle-admin/{id}: deactivates (signing it out) or reactivates an admin user. */
export function toggleAdmin(id: number) {
  return apiRequest(toggleAdminRoute, { params: { id } });
}

export function useToggleAdmin() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: toggleAdmin, onSuccess: () => queryClient.invalidateQueries({ queryKey: adminsQueryKey }) });
}
