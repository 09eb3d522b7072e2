import { listAgentsRoute } from '@portal/contract/agents';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usePagedList } from '@/lib/paged-list';

/**
 * Root key of everything this feature reads (agents list, one agent, users, e-mail search, my profile):
 * an accept, reject, delete or edit changes what each of them shows, so refreshing the root refreshes all.
 */
export const agentsRootKey = ['agents'] as const;
export const agentsQueryKey = [...agentsRootKey, 'list'] as const;

export function getAgents({ page, signal }: { page: number; signal?: AbortSignal }) {
  return apiRequest(listAgentsRoute, { query: { page }, signal });
}

export function getAgentsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...agentsQueryKey, { page }],
    queryFn: ({ signal }) => getAgents({ page, signal }),
  });
}

/** GET listofagents?page=N, page by page (001 §2, §4). */
export function useAgents() {
  return usePagedList({ pageQuery: getAgentsQueryOptions });
}
