import { addPaymentRoute, type AddPaymentBody } from '@portal/contract/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { bookingsQueryKey } from './get-bookings';

/** POST update-booking-payment as multipart: booking_id, receive_date, receive_amount, text (000 §7). */
export function addPayment(body: AddPaymentBody) {
  return apiRequest(addPaymentRoute, { body: toFormData(body) });
}

/**
 * A payment moves the booking's received and remaining amounts and its payment status: every booking answer
 * on screen (detail, lists, the General Report, which shares the key) refreshes. The refetch is not awaited,
 * so the dialog closes and toasts at once, before a refreshed list may drop the row it was opened from.
 */
export function useAddPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addPayment,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}
