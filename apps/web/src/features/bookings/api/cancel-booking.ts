import { cancelBookingRoute } from '@portal/contract/booking-lifecycle';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshSoon } from '@/lib/paged-list';
import { bookingsQueryKey } from './get-bookings';

export function cancelBooking(id: number) {
  return apiRequest(cancelBookingRoute, { params: { id } });
}

/** GET cancelbooking/{id}; what is on screen refreshes 2 s later (000 §4, §9). */
export function useCancelBooking() {
  const refreshSoon = useRefreshSoon(bookingsQueryKey);
  return useMutation({ mutationFn: cancelBooking, onSuccess: refreshSoon });
}
