import { cancelBookingRoute } from '@portal/contract/booking-lifecycle';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBookingData } from '@/lib/booking-data';

export type CancelBookingRequest = {
  id: number;
  /** An admin's charge on a confirmed booking (PRODUCT §6, decision 032); left out: none. */
  cancellation_charge?: number;
};

export function cancelBooking({ id, cancellation_charge }: CancelBookingRequest) {
  return apiRequest(cancelBookingRoute, { params: { id }, query: { cancellation_charge } });
}

/** GET cancelbooking/{id}[?cancellation_charge=N]; the booking data on screen is fetched again before the toast (decision 021). */
export function useCancelBooking() {
  const refresh = useRefreshBookingData();
  return useMutation({ mutationFn: cancelBooking, onSuccess: refresh });
}
