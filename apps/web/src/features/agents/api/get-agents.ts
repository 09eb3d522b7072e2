import { ACTIVE_STATUSES, listAgentsRoute } from '@portal/contract/agents';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListFilters, ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

/**
 * Root key of everything this feature reads (agents list, one agent, users, e-mail search, my profile):
 * an accept, reject, delete or edit changes what each of them shows, so refreshing the root refreshes all.
 */
export const agentsRootKey = ['agents'] as const;
export const agentsQueryKey = [...agentsRootKey, 'list'] as const;

/** The Agents table's search and status in the address (useListParams, decision 022). */
export const AGENT_LIST_PARAMS = { search: 'text', status: ACTIVE_STATUSES } as const;

export type AgentFilters = ListFilters<typeof AGENT_LIST_PARAMS>;

export function getAgents({ page, filters = {}, signal }: { page: number; filters?: AgentFilters; signal?: AbortSignal }) {
  return apiRequest(listAgentsRoute, { query: { page, ...filters }, signal });
}

export function getAgentsQueryOptions(page: number, filters: AgentFilters = {}) {
  return queryOptions({
    queryKey: [...agentsQueryKey, { page, ...filters }],
    queryFn: ({ signal }) => getAgents({ page, filters, signal }),
  });
}

/** GET listofagents?page=N&search=&status=, page by page (001 §2, §4); a new search starts at page 1. */
export function useAgents(filters: AgentFilters, pager?: ListPager) {
  return usePagedList({
    pageQuery: (page) => getAgentsQueryOptions(page, filters),
    resetKey: JSON.stringify(filters),
    pager,
  });
}
