import { bookingEditDetailRoute } from '@portal/contract/booking-lifecycle';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/** POST booking-edit-detail: the passengers of the Update Booking form (000 §7, data.data.booking_sub). */
export function getBookingEditDetail({ id, signal }: { id: number; signal?: AbortSignal }) {
  return apiRequest(bookingEditDetailRoute, { body: { booking_id: id }, signal });
}

export function getBookingEditDetailQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...bookingsQueryKey, 'edit-detail', id],
    queryFn: ({ signal }) => getBookingEditDetail({ id, signal }),
    // The form must start from what is stored now, not from a cached copy.
    staleTime: 0,
  });
}

export function useBookingEditDetail(id: number) {
  return useQuery(getBookingEditDetailQueryOptions(id));
}
