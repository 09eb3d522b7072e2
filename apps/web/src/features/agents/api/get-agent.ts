import { editAgentRoute } from '@portal/contract/agents';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { agentsRootKey } from './get-agents';

export function getAgent({ id, signal }: { id: number; signal?: AbortSignal }) {
  return apiRequest(editAgentRoute, { params: { id }, signal });
}

export function getAgentQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...agentsRootKey, 'one', id],
    queryFn: async ({ signal }) => (await getAgent({ id, signal })).data,
    // The Edit Agent form starts from what the server holds now, not from a list page loaded earlier.
    staleTime: 0,
  });
}

/** GET editagent/{id} (001 §7): the agent the Edit Agent modal fills its form with. */
export function useAgent(id: number, { enabled = true }: { enabled?: boolean } = {}) {
  return useQuery({ ...getAgentQueryOptions(id), enabled });
}
