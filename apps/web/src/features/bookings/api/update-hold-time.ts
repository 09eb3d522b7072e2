import { holdTimeUpdateRoute } from '@portal/contract/booking-lifecycle';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBookingData } from '@/lib/booking-data';
import { toFormData } from '@/lib/form-data';

/** POST hold-time-update: booking_id and cancel_at as 'YYYY-MM-DD HH:mm', read by the server in Asia/Karachi. */
export function updateHoldTime(body: { booking_id: number; cancel_at: string }) {
  return apiRequest(holdTimeUpdateRoute, { body: toFormData(body) });
}

export function useUpdateHoldTime() {
  const refresh = useRefreshBookingData();
  return useMutation({ mutationFn: updateHoldTime, onSuccess: refresh });
}
