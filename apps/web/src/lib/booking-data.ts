import { useQueryClient, type QueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';

/**
 * The roots of every answer a booking change moves: booking lists, details, the PNR page and the General
 * Report (['bookings'], features/bookings and features/payments), ledgers and the balance report (['ledger'],
 * features/ledger) and the dashboards' counts and amounts (['dashboard'], features/dashboard). Literals
 * here because features do not import each other; the features' own keys start with the same words.
 */
const BOOKING_DATA_ROOTS = [['bookings'], ['ledger'], ['dashboard']] as const;

/**
 * Asks again for whatever booking data is on screen and marks the rest stale (issue 21 §6, decision 021).
 * A booking mutation's `onSuccess` returns this promise, so the toast that waits for the mutation shows
 * with the list already changed; a realtime notification calls it without waiting.
 */
export async function refreshBookingData(queryClient: QueryClient): Promise<void> {
  await Promise.all(BOOKING_DATA_ROOTS.map((queryKey) => queryClient.invalidateQueries({ queryKey })));
}

/** refreshBookingData for a mutation's `onSuccess`. */
export function useRefreshBookingData(): () => Promise<void> {
  const queryClient = useQueryClient();
  return useCallback(() => refreshBookingData(queryClient), [queryClient]);
}
