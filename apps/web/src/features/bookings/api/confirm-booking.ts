import { confirmBookingRoute, type ConfirmBookingBody } from '@portal/contract/booking-lifecycle';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBookingData } from '@/lib/booking-data';
import { toFormData } from '@/lib/form-data';

/** POST confirmbooking as multipart: booking_id, discount, receive_payment, sure (000 §7). */
export function confirmBooking(body: ConfirmBookingBody) {
  return apiRequest(confirmBookingRoute, { body: toFormData(body) });
}

/**
 * A status change: the bookings, ledgers and dashboards on screen are fetched again before the mutation
 * settles, so the toast shows with the row already Confirmed (issue 21 §6, decision 021; 000 §9 reloaded
 * the page 2 s later).
 */
export function useConfirmBooking() {
  const refresh = useRefreshBookingData();
  return useMutation({ mutationFn: confirmBooking, onSuccess: refresh });
}
