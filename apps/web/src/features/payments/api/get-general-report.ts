import { allPendingPaymentsRoute, type GeneralReportInput } from '@portal/contract/payments';
import { keepPreviousData, queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListFilters } from '@/lib/list-params';

/**
 * Under the bookings prefix on purpose: the report is made of bookings, so every booking change that
 * invalidates 'bookings' (confirm, cancel, a payment added from the report's own row menus) refreshes it.
 * Features do not import each other, hence the literal.
 */
export const generalReportQueryKey = ['bookings', 'general-report'] as const;

/** The report's range of booking dates in the address (useListParams, decision 022). */
export const GENERAL_REPORT_PARAMS = { from: 'date', to: 'date' } as const;
export type GeneralReportRange = ListFilters<typeof GENERAL_REPORT_PARAMS>;

export function getGeneralReport({ range = {}, signal }: { range?: GeneralReportInput; signal?: AbortSignal } = {}) {
  return apiRequest(allPendingPaymentsRoute, { query: range, signal });
}

export function getGeneralReportQueryOptions(range: GeneralReportRange = {}) {
  return queryOptions({
    queryKey: [...generalReportQueryKey, range],
    queryFn: ({ signal }) => getGeneralReport({ range, signal }),
  });
}

/** GET listofallpendingpayments?from=&to= (000 §7): data.report, data.pending, data.partial; a new range keeps the last report shown until it arrives. */
export function useGeneralReport(range: GeneralReportRange) {
  return useQuery({ ...getGeneralReportQueryOptions(range), placeholderData: keepPreviousData });
}
