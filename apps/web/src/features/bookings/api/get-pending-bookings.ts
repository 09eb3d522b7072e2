import { pendingPaymentsRoute, unpaidBookingsRoute } from '@portal/contract/booking-lifecycle';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usePagedList } from '@/lib/paged-list';
import { bookingsQueryKey, searchParams, type BookingSearch } from './get-bookings';

type PendingArgs = { admin: boolean; search: BookingSearch };

/** Admins call pendingpayments (with the search), agents unpaid-bookings (000 §7). */
export function getPendingBookings({ admin, search, page, signal }: PendingArgs & { page: number; signal?: AbortSignal }) {
  return admin
    ? apiRequest(pendingPaymentsRoute, { query: { page, ...searchParams(search) }, signal })
    : apiRequest(unpaidBookingsRoute, { query: { page }, signal });
}

export function getPendingBookingsQueryOptions(page: number, args: PendingArgs) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, 'pending', { page, admin: args.admin, search: args.search }],
    queryFn: ({ signal }) => getPendingBookings({ ...args, page, signal }),
  });
}

/** The Unpaid list of 'Bookings Details' (000 §2), paged like every list (000 §4). */
export function usePendingBookings(args: PendingArgs) {
  return usePagedList({
    pageQuery: (page) => getPendingBookingsQueryOptions(page, args),
    resetKey: JSON.stringify(args),
  });
}
