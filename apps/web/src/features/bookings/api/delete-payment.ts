import { deletePaymentRoute } from '@portal/contract/payments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { useRefreshSoon } from '@/lib/paged-list';
import { bookingsQueryKey } from './get-bookings';

/** POST delete-booking-payment as multipart: payment_id (000 §7). */
export function deletePayment(paymentId: number) {
  return apiRequest(deletePaymentRoute, { body: toFormData({ payment_id: paymentId }) });
}

/** A delete: what is on screen refreshes 2 s later (000 §9). */
export function useDeletePayment() {
  const refreshSoon = useRefreshSoon(bookingsQueryKey);
  return useMutation({ mutationFn: deletePayment, onSuccess: refreshSoon });
}
