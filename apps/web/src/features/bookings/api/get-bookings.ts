import {
  agentListOfBookingsRoute,
  BOOKING_SEARCH_TARGETS,
  listOfBookingsRoute,
  type BookingListStatus,
  type BookingSearchTarget,
} from '@portal/contract/booking-lifecycle';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListFilters, ListPager, ListParamsSpec } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

/**
 * Every booking query (lists, details, PNR page) starts with this key, so one invalidation after a
 * cancel, confirm, hold change or edit refreshes whatever booking data is on screen.
 */
export const bookingsQueryKey = ['bookings'] as const;

/** Search By (000 §2; agents too, decision 022): one field and its value, sent as that named parameter. */
export type BookingSearch = { target: BookingSearchTarget; value: string } | null;

export function searchParams(search: BookingSearch): Partial<Record<BookingSearchTarget, string>> {
  return search ? { [search.target]: search.value } : {};
}

/** The bookings lists' search in the address (useListParams): each target under its own name, as the API takes it. */
export const BOOKING_SEARCH_PARAMS = {
  pnr: 'text',
  booking_date: 'date',
  agent_name: 'text',
  passenger_name: 'text',
  booking_id: 'id',
} as const satisfies Record<BookingSearchTarget, 'text' | 'date' | 'id'> & ListParamsSpec;

/** The search an address holds: its first target with a value, among those the caller may use. */
export function toBookingSearch(filters: ListFilters<typeof BOOKING_SEARCH_PARAMS>, targets: readonly BookingSearchTarget[]): BookingSearch {
  const target = BOOKING_SEARCH_TARGETS.find((name) => targets.includes(name) && filters[name]);
  return target ? { target, value: filters[target] ?? '' } : null;
}

type BookingsArgs = { admin: boolean; search: BookingSearch; status?: BookingListStatus };

/** Admins call listofbookings, agents agnetlistofbookings (000 §7); the server keeps agents to their own. */
export function getBookings({ admin, search, status, page, signal }: BookingsArgs & { page: number; signal?: AbortSignal }) {
  const query = { page, status, ...searchParams(search) };
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
export function useBookings(args: BookingsArgs, pager?: ListPager) {
  return usePagedList({
    pageQuery: (page) => getBookingsQueryOptions(page, args),
    resetKey: JSON.stringify(args),
    pager,
  });
}
