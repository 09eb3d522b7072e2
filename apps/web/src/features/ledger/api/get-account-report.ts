import { accountReportRoute } from '@portal/contract/ledger';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';

/** Every ledger answer (account reports, the balance report) starts with this key. */
export const ledgerQueryKey = ['ledger'] as const;

/** What Save asks for (001 §2 Accounts): the agent's number (admins), all or a from..to range. */
export type AccountReportRequest = { agent_id?: number; type: 'all' | 'date'; from?: string; to?: string };

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

/** The report for the last saved request; nothing is asked before the first Save (null). */
export function useAccountReport(request: AccountReportRequest | null) {
  return useQuery({
    ...getAccountReportQueryOptions(request ?? { type: 'all' }),
    enabled: request !== null,
  });
}
