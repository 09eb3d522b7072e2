import { addPaymentRoute, type AddPaymentBody } from '@portal/contract/payments';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBookingData } from '@/lib/booking-data';
import { toFormData } from '@/lib/form-data';

/** POST update-booking-payment as multipart: booking_id, receive_date, receive_amount, text (000 §7). */
export function addPayment(body: AddPaymentBody) {
  return apiRequest(addPaymentRoute, { body: toFormData(body) });
}

/**
 * A payment moves the booking's received and remaining amounts, its payment status and the agent's ledger:
 * the booking data on screen (detail, lists, the General Report, ledgers, dashboards) is fetched again before
 * the mutation settles, so the toast shows with the new amounts (decision 021). The form toasts from its own
 * awaited call, which still runs when a refreshed list (Unpaid) drops the row the dialog was opened from.
 */
export function useAddPayment() {
  const refresh = useRefreshBookingData();
  return useMutation({ mutationFn: addPayment, onSuccess: refresh });
}
