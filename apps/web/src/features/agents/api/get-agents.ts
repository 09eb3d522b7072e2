import { listAgentsRoute, type ActiveStatus } from '@portal/contract/agents';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usePagedList } from '@/lib/paged-list';

/**
 * Root key of everything this feature reads (agents list, one agent, users, e-mail search, my profile):
 * an accept, reject, delete or edit changes what each of them shows, so refreshing the root refreshes all.
 */
export const agentsRootKey = ['agents'] as const;
export const agentsQueryKey = [...agentsRootKey, 'list'] as const;

export function getAgents({ page, status, signal }: { page: number; status?: ActiveStatus; signal?: AbortSignal }) {
  return apiRequest(listAgentsRoute, { query: { page, status }, signal });
}

export function getAgentsQueryOptions(page: number, status?: ActiveStatus) {
  return queryOptions({
    queryKey: [...agentsQueryKey, { page, status: status ?? null }],
    queryFn: ({ signal }) => getAgents({ page, status, signal }),
  });
}

/** GET listofagents?page=N, page by page (001 §2, §4); `status` narrows it to one status (decision 023). */
export function useAgents(status?: ActiveStatus) {
  return usePagedList({ pageQuery: (page) => getAgentsQueryOptions(page, status), resetKey: status ?? '' });
}
