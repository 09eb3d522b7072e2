import { listAdminsRoute } from '@portal/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const adminsQueryKey = ['settings', 'admins'] as const;

export function getAdmins({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(listAdminsRoute, { signal });
}

export function getAdminsQueryOptions() {
  return queryOptions({ queryKey: adminsQueryKey, queryFn: ({ signal }) => getAdmins({ signal }) });
}

/** GET list-admins: the User Management table (001 §2 Settings). */
export function useAdmins() {
  return useQuery(getAdminsQueryOptions());
}
