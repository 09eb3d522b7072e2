import { headerSearchRoute } from '@portal/contract/search';
import { queryOptions, useQuery, useQueryClient } from '@tanstack/react-query';
import { useEffect } from 'react';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export const headerSearchQueryKey = ['header-search'] as const;

export function getHeaderSearch({ query, signal }: { query: string; signal?: AbortSignal }) {
  return apiRequest(headerSearchRoute, { query: { query }, signal });
}

/** The key holds the user: an agent's answer (its own bookings only) is never shown to another account. */
export function headerSearchQueryOptions(query: string, userId: number | null) {
  return queryOptions({
    queryKey: [...headerSearchQueryKey, { query, userId }],
    queryFn: ({ signal }) => getHeaderSearch({ query, signal }),
  });
}

/**
 * GET header-search (decision 023) for the words typed in the header's box; an empty query asks nothing. The answer
 * crosses features (agents, groups, bookings), so no feature's own key covers it: while it is on screen, any
 * successful write (an agent accepted, a booking cancelled from its row menu) asks for it again.
 */
export function useHeaderSearch(query: string) {
  const session = useSession();
  const queryClient = useQueryClient();
  useEffect(
    () =>
      queryClient.getMutationCache().subscribe((event) => {
        if (event.type === 'updated' && event.action.type === 'success') {
          void queryClient.invalidateQueries({ queryKey: headerSearchQueryKey });
        }
      }),
    [queryClient],
  );
  return useQuery({ ...headerSearchQueryOptions(query.trim(), session?.user_id ?? null), enabled: query.trim() !== '' });
}
