import { bookingUpdateRoute } from '@portal/contract/booking-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { bookingsQueryKey } from './get-bookings';

/** POST booking-update as multipart (000 §7): the passenger arrays and the new scans by passenger index. */
export function updateBooking(form: FormData) {
  return apiRequest(bookingUpdateRoute, { body: form });
}

export function useUpdateBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateBooking,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
