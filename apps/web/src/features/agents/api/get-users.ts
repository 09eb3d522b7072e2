import { listUsersRoute } from '@portal/contract/agents';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';
import { agentsRootKey } from './get-agents';

export function getUsers({ page, signal }: { page: number; signal?: AbortSignal }) {
  return apiRequest(listUsersRoute, { query: { page }, signal });
}

export function getUsersQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...agentsRootKey, 'users', { page }],
    queryFn: ({ signal }) => getUsers({ page, signal }),
  });
}

/** GET listofusers?page=N: page 1 replaces the list, later pages append (001 §2 All Users). */
export function useUsers(pager?: ListPager) {
  return usePagedList({ pageQuery: getUsersQueryOptions, pager });
}
