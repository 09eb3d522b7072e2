import { pendingPaymentsRoute, unpaidBookingsRoute } from '@portal/contract/booking-lifecycle';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';
import { bookingsQueryKey, searchParams, type BookingSearch } from './get-bookings';

type PendingArgs = { admin: boolean; search: BookingSearch };

/** Admins call pendingpayments, agents unpaid-bookings (000 §7); both with the search (decision 022). */
export function getPendingBookings({ admin, search, page, signal }: PendingArgs & { page: number; signal?: AbortSignal }) {
  const query = { page, ...searchParams(search) };
  return admin ? apiRequest(pendingPaymentsRoute, { query, signal }) : apiRequest(unpaidBookingsRoute, { query, signal });
}

export function getPendingBookingsQueryOptions(page: number, args: PendingArgs) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, 'pending', { page, admin: args.admin, search: args.search }],
    queryFn: ({ signal }) => getPendingBookings({ ...args, page, signal }),
  });
}

/** The Unpaid list of 'Bookings Details' (000 §2), paged like every list (000 §4). */
export function usePendingBookings(args: PendingArgs, pager?: ListPager) {
  return usePagedList({
    pageQuery: (page) => getPendingBookingsQueryOptions(page, args),
    resetKey: JSON.stringify(args),
    pager,
  });
}
