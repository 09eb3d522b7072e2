import { editPaymentRoute, type EditPaymentBody } from '@portal/contract/payments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBookingData } from '@/lib/booking-data';
import { toFormData } from '@/lib/form-data';

/** POST edit-booking-payment as multipart: payment_id, receive_date, receive_amount, text (payments contract). */
export function editPayment(body: EditPaymentBody) {
  return apiRequest(editPaymentRoute, { body: toFormData(body) });
}

/** Like adding one (add-payment.ts): the booking data on screen is fetched again before the toast. */
export function useEditPayment() {
  const refresh = useRefreshBookingData();
  return useMutation({ mutationFn: editPayment, onSuccess: refresh });
}
