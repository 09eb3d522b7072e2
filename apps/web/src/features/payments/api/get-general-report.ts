import { allPendingPaymentsRoute } from '@portal/contract/payments';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/**
 * Under the bookings prefix on purpose: the report is made of bookings, so every booking change that
 * invalidates 'bookings' (confirm, cancel, a payment added from the report's own row menus) refreshes it.
 * Features do not import each other, hence the literal.
 */
export const generalReportQueryKey = ['bookings', 'general-report'] as const;

export function getGeneralReport({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(allPendingPaymentsRoute, { signal });
}

export function getGeneralReportQueryOptions() {
  return queryOptions({
    queryKey: generalReportQueryKey,
    queryFn: ({ signal }) => getGeneralReport({ signal }),
  });
}

/** GET listofallpendingpayments (000 §7): data.report, data.pending, data.partial. */
export function useGeneralReport() {
  return useQuery(getGeneralReportQueryOptions());
}
