import { accountReportRoute } from '@portal/contract/ledger';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import type { ListFilters } from '@/lib/list-params';

/** Every ledger answer (account reports, the balance report) starts with this key. */
export const ledgerQueryKey = ['ledger'] as const;

/** What Show ledger asks for (001 §2 Accounts): the agent's number (admins), all or a from..to range. */
export type AccountReportRequest = { agent_id?: number; type: 'all' | 'date'; from?: string; to?: string };

/**
 * The ledger on screen in the address (useListParams, decision 022): `agent_id` (admins; Agents Balance links to
 * it) and `from`/`to` (both, and in order, for a date range; otherwise every record).
 */
export const LEDGER_PARAMS = { agent_id: 'id', from: 'date', to: 'date' } as const;
export type LedgerParams = ListFilters<typeof LEDGER_PARAMS>;

/** The request an address stands for; null while an admin has not named an agent. */
export function toAccountReportRequest(params: LedgerParams, ownAgentId: number | null, admin: boolean): AccountReportRequest | null {
  const agentId = admin ? (params.agent_id === undefined ? undefined : Number(params.agent_id)) : (ownAgentId ?? undefined);
  if (admin && agentId === undefined) return null;
  const { from, to } = params;
  return from && to && from <= to ? { agent_id: agentId, type: 'date', from, to } : { agent_id: agentId, type: 'all' };
}

/** POST account-api as multipart: agent_id, type, from, to (001 §7). */
export function getAccountReport({ request, signal }: { request: AccountReportRequest; signal?: AbortSignal }) {
  return apiRequest(accountReportRoute, { body: toFormData(request), signal });
}

export function getAccountReportQueryOptions(request: AccountReportRequest) {
  return queryOptions({
    queryKey: [...ledgerQueryKey, 'account', request],
    queryFn: ({ signal }) => getAccountReport({ request, signal }),
    // Payments and confirmations are made on other screens: a ledger opened again is asked for again.
    staleTime: 0,
  });
}

/** The report of the request on screen; nothing is asked while there is none (null). */
export function useAccountReport(request: AccountReportRequest | null) {
  return useQuery({
    ...getAccountReportQueryOptions(request ?? { type: 'all' }),
    enabled: request !== null,
  });
}
