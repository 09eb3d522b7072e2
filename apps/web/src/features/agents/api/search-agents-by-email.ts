import { searchAgentByEmailRoute } from '@portal/contract/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { agentsRootKey } from './get-agents';

/** POST searchagentbyemail with the form field searchquery (001 §7: writes are multipart unless JSON is stated). */
export function searchAgentsByEmail({ query, signal }: { query: string; signal?: AbortSignal }) {
  return apiRequest(searchAgentByEmailRoute, { body: toFormData({ searchquery: query }), signal });
}

export function searchAgentsByEmailQueryOptions(query: string) {
  return queryOptions({
    queryKey: [...agentsRootKey, 'search', query],
    queryFn: async ({ signal }) => (await searchAgentsByEmail({ query, signal })).data,
  });
}

/** The agents the header search finds (000 §2 /dashboard/search/{query}); an empty query asks nothing. */
export function useAgentsByEmail(query: string) {
  return useQuery({ ...searchAgentsByEmailQueryOptions(query), enabled: query.trim() !== '' });
}
