import { cancelBookingRoute } from '@portal/contract/booking-lifecycle';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBookingData } from '@/lib/booking-data';

export function cancelBooking(id: number) {
  return apiRequest(cancelBookingRoute, { params: { id } });
}

/** GET cancelbooking/{id}; the booking data on screen is fetched again before the toast (decision 021). */
export function useCancelBooking() {
  const refresh = useRefreshBookingData();
  return useMutation({ mutationFn: cancelBooking, onSuccess: refresh });
}
