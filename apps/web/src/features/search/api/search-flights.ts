import { searchFlightsRoute, type SearchFlightsInput } from '@portal/contract/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useSession } from '@/lib/session';

export function searchFlights({ body, signal }: { body: SearchFlightsInput; signal?: AbortSignal }) {
  return apiRequest(searchFlightsRoute, { body, signal });
}

type SearchKey = readonly ['tickets', 'search-flights', SearchFlightsInput & { userId: number | null }];

const sameSearch = (a: SearchFlightsInput, b: SearchFlightsInput) =>
  a.departure === b.departure && a.arrival === b.arrival && a.date === b.date && (a.airline ?? '') === (b.airline ?? '');

/**
 * Under the 'tickets' key, so a booking refreshes the results too. The key holds the signed-in user:
 * prices come only with a session (PRODUCT §4), so signing in from the results refetches them, keeping
 * the rows on screen meanwhile, as does another sort of the same search (decision 023); a new search starts
 * from the skeleton rows.
 */
export function searchFlightsQueryOptions(body: SearchFlightsInput, userId: number | null) {
  const queryKey: SearchKey = ['tickets', 'search-flights', { ...body, userId }];
  return queryOptions({
    queryKey,
    queryFn: ({ signal }) => searchFlights({ body, signal }),
    placeholderData: (previous, previousQuery) =>
      previousQuery && sameSearch((previousQuery.queryKey as SearchKey)[2], body) ? previous : undefined,
  });
}

/** POST search-flights (000 §7): route and date, and in the dashboard airline and sort (decision 023). */
export function useSearchFlights(body: SearchFlightsInput, enabled: boolean) {
  const session = useSession();
  return useQuery({ ...searchFlightsQueryOptions(body, session?.user_id ?? null), enabled });
}
