import { editPaymentRoute, type EditPaymentBody } from '@portal/contract/payments';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { bookingsQueryKey } from './get-bookings';

/** POST edit-booking-payment as multipart: payment_id, receive_date, receive_amount, text (payments contract). */
export function editPayment(body: EditPaymentBody) {
  return apiRequest(editPaymentRoute, { body: toFormData(body) });
}

/** Like adding one (add-payment.ts): the booking answers refresh, not awaited. */
export function useEditPayment() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: editPayment,
    onSuccess: () => {
      void queryClient.invalidateQueries({ queryKey: bookingsQueryKey });
    },
  });
}
