import { searchAgentRoute } from '@portal/contract/bookings';
import { useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function searchAgents({ query, signal }: { query: string; signal?: AbortSignal }) {
  return apiRequest(searchAgentRoute, { body: { searchquery: query }, signal });
}

/** POST searchagent (001 §2 Accounts): runs only for a non-empty query. */
export function useSearchAgents(query: string) {
  const searchquery = query.trim();
  return useQuery({
    queryKey: ['agents', 'search', searchquery],
    queryFn: ({ signal }) => searchAgents({ query: searchquery, signal }),
    enabled: searchquery !== '',
  });
}
