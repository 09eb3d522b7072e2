import { confirmBookingRoute, type ConfirmBookingBody } from '@portal/contract/booking-lifecycle';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { useRefreshSoon } from '@/lib/paged-list';
import { bookingsQueryKey } from './get-bookings';

/** POST confirmbooking as multipart: booking_id, discount, receive_payment, sure (000 §7). */
export function confirmBooking(body: ConfirmBookingBody) {
  return apiRequest(confirmBookingRoute, { body: toFormData(body) });
}

/** A status change: what is on screen refreshes 2 s later (000 §9). */
export function useConfirmBooking() {
  const refreshSoon = useRefreshSoon(bookingsQueryKey);
  return useMutation({ mutationFn: confirmBooking, onSuccess: refreshSoon });
}
