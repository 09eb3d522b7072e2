import { availableSectorRoute } from '@portal/contract/tickets';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';

/** Every ticket query starts with this key: a booking refreshes them all (seats sold, remaining). */
export const ticketsQueryKey = ['tickets'] as const;

export function getAvailableSectors({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(availableSectorRoute, { signal });
}

/** The key holds the signed-in user: prices come only with a session (PRODUCT §4), so signing in refetches. */
export function getAvailableSectorsQueryOptions(userId: number | null) {
  return queryOptions({
    queryKey: [...ticketsQueryKey, 'available-sector', { userId }],
    queryFn: ({ signal }) => getAvailableSectors({ signal }),
    placeholderData: keepPreviousData,
  });
}

/** GET available-sector (000 §7): the home page's sectors and ticket cards. */
export function useAvailableSectors() {
  const session = useSession();
  return useQuery(getAvailableSectorsQueryOptions(session?.user_id ?? null));
}
