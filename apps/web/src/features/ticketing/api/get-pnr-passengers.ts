import { pnrPassengersRoute } from '@portal/contract/ticketing';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** GET pnr-passengers (admin): the PNR's live bookings and passengers with their ticket numbers (decision 031). */
export function getPnrPassengers({ pnr, signal }: { pnr: string; signal?: AbortSignal }) {
  return apiRequest(pnrPassengersRoute, { query: { pnr }, signal });
}

export function getPnrPassengersQueryOptions(pnr: string) {
  return queryOptions({
    // Under the bookings root (lib/booking-data.ts): a confirm or cancel elsewhere refreshes this screen too.
    queryKey: ['bookings', 'pnr-passengers', pnr.toUpperCase()],
    queryFn: ({ signal }) => getPnrPassengers({ pnr, signal }),
  });
}

export function usePnrPassengers(pnr: string) {
  return useQuery({ ...getPnrPassengersQueryOptions(pnr), enabled: pnr.trim() !== '' });
}
