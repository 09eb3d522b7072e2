import { agentBookingDetailRoute, bookingDetailRoute } from '@portal/contract/booking-lifecycle';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

type DetailArgs = { admin: boolean; id: number };

/** POST booking-detail (admin) / agent-booking-detail (agents, their own only) with booking_id (000 §7). */
export function getBookingDetail({ admin, id, signal }: DetailArgs & { signal?: AbortSignal }) {
  const body = { booking_id: id };
  return admin
    ? apiRequest(bookingDetailRoute, { body, signal })
    : apiRequest(agentBookingDetailRoute, { body, signal });
}

export function getBookingDetailQueryOptions(args: DetailArgs) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, 'detail', args.id, { admin: args.admin }],
    queryFn: ({ signal }) => getBookingDetail({ ...args, signal }),
  });
}

export function useBookingDetail(args: DetailArgs) {
  return useQuery({ ...getBookingDetailQueryOptions(args), enabled: Number.isInteger(args.id) && args.id > 0 });
}
