import {
  agentListOfBookingsRoute,
  listOfBookingsRoute,
  type BookingListStatus,
  type BookingSearchTarget,
} from '@portal/contract/booking-lifecycle';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { usePagedList } from '@/lib/paged-list';

/**
 * Every booking query (lists, details, PNR page) starts with this key, so one invalidation after a
 * cancel, confirm, hold change or edit refreshes whatever booking data is on screen.
 */
export const bookingsQueryKey = ['bookings'] as const;

/** The admin's Search By (000 §2): one field and its value, sent as that named parameter. */
export type BookingSearch = { target: BookingSearchTarget; value: string } | null;

export function searchParams(search: BookingSearch): Partial<Record<BookingSearchTarget, string>> {
  return search ? { [search.target]: search.value } : {};
}

type BookingsArgs = { admin: boolean; search: BookingSearch; status?: BookingListStatus };

/** Admins call listofbookings, agents agnetlistofbookings (000 §7); the server keeps agents to their own. */
export function getBookings({ admin, search, status, page, signal }: BookingsArgs & { page: number; signal?: AbortSignal }) {
  const query = { page, status, ...(admin ? searchParams(search) : {}) };
  return admin
    ? apiRequest(listOfBookingsRoute, { query, signal })
    : apiRequest(agentListOfBookingsRoute, { query, signal });
}

export function getBookingsQueryOptions(page: number, args: BookingsArgs) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, 'list', { page, admin: args.admin, status: args.status, search: args.search }],
    queryFn: ({ signal }) => getBookings({ ...args, page, signal }),
  });
}

/** GET listofbookings / agnetlistofbookings ?page=N; a new search starts again at page 1 (000 §4). */
export function useBookings(args: BookingsArgs) {
  return usePagedList({
    pageQuery: (page) => getBookingsQueryOptions(page, args),
    resetKey: JSON.stringify(args),
  });
}
