import { bookingUpdateRoute } from '@portal/contract/booking-lifecycle';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBookingData } from '@/lib/booking-data';

/** POST booking-update as multipart (000 §7): the passenger arrays and the new scans by passenger index. */
export function updateBooking(form: FormData) {
  return apiRequest(bookingUpdateRoute, { body: form });
}

export function useUpdateBooking() {
  const refresh = useRefreshBookingData();
  return useMutation({ mutationFn: updateBooking, onSuccess: refresh });
}
