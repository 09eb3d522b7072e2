import { agentsBalanceRoute } from '@portal/contract/ledger';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';
import { ledgerQueryKey } from './get-account-report';

export function getAgentsBalance({ page, signal }: { page: number; signal?: AbortSignal }) {
  return apiRequest(agentsBalanceRoute, { query: { page }, signal });
}

/** One page of the Balance Report: the answer's paginator sits inside `data` (001 §7), so the list reads that. */
export function getAgentsBalanceQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...ledgerQueryKey, 'balances', { page }],
    queryFn: async ({ signal }) => (await getAgentsBalance({ page, signal })).data,
    // Balances move with every payment made elsewhere: opened again, the report is asked for again.
    staleTime: 0,
  });
}

/** GET allagentsbalancelist?page=N, paged like every list (001 §4). */
export function useAgentsBalance(pager?: ListPager) {
  return usePagedList({ pageQuery: getAgentsBalanceQueryOptions, pager });
}
