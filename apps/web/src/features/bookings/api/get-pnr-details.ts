import { pnrDetailsRoute } from '@portal/contract/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/** POST pnr-details with the PNR (000 §7, admin): totals, bookings, cancelled bookings and signed links. */
export function getPnrDetails({ pnr, signal }: { pnr: string; signal?: AbortSignal }) {
  return apiRequest(pnrDetailsRoute, { body: { pnr }, signal });
}

export function getPnrDetailsQueryOptions(pnr: string) {
  return queryOptions({
    // Under the bookings key: a cancel or confirm from this page refreshes its tables too.
    queryKey: [...bookingsQueryKey, 'pnr', pnr.toUpperCase()],
    queryFn: ({ signal }) => getPnrDetails({ pnr, signal }),
  });
}

export function usePnrDetails(pnr: string) {
  return useQuery({ ...getPnrDetailsQueryOptions(pnr), enabled: pnr.trim() !== '' });
}
