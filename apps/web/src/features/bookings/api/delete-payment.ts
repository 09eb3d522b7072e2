import { deletePaymentRoute } from '@portal/contract/payments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBookingData } from '@/lib/booking-data';
import { toFormData } from '@/lib/form-data';

/** POST delete-booking-payment as multipart: payment_id (000 §7). */
export function deletePayment(paymentId: number) {
  return apiRequest(deletePaymentRoute, { body: toFormData({ payment_id: paymentId }) });
}

/** A delete: the booking data on screen is fetched again before the toast (decision 021). */
export function useDeletePayment() {
  const refresh = useRefreshBookingData();
  return useMutation({ mutationFn: deletePayment, onSuccess: refresh });
}
