import { myProfileRoute } from '@portal/contract/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentsRootKey } from './get-agents';

export const myProfileQueryKey = [...agentsRootKey, 'my-profile'] as const;

export function getMyProfile({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(myProfileRoute, { signal });
}

export function getMyProfileQueryOptions() {
  return queryOptions({
    queryKey: myProfileQueryKey,
    queryFn: async ({ signal }) => (await getMyProfile({ signal })).data,
  });
}

/** GET my-profile: the signed-in user's own profile (000 §2 My Profile). */
export function useMyProfile() {
  return useQuery(getMyProfileQueryOptions());
}
