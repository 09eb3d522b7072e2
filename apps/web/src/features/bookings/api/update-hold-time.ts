import { holdTimeUpdateRoute } from '@portal/contract/booking-lifecycle';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { bookingsQueryKey } from './get-bookings';

/** POST hold-time-update: booking_id and cancel_at as 'YYYY-MM-DD HH:mm', read by the server in Asia/Karachi. */
export function updateHoldTime(body: { booking_id: number; cancel_at: string }) {
  return apiRequest(holdTimeUpdateRoute, { body: toFormData(body) });
}

export function useUpdateHoldTime() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: updateHoldTime,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: bookingsQueryKey }),
  });
}
