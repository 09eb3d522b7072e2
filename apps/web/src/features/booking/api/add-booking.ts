import { addBookingRoute, IDEMPOTENCY_KEY_HEADER } from '@portal/contract/bookings';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST add-booking as multipart with the Idempotency-Key of this dialog attempt (PRODUCT §4). */
export function addBooking({ form, idempotencyKey }: { form: FormData; idempotencyKey: string }) {
  return apiRequest(addBookingRoute, { body: form, headers: { [IDEMPOTENCY_KEY_HEADER]: idempotencyKey } });
}

/**
 * After a booking every ticket list (sold, remaining), PNR page and bookings list is stale. Features do not
 * import each other's keys, so the whole cache is marked stale: only the queries on screen refetch.
 */
export function useAddBooking() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: addBooking,
    onSuccess: () => queryClient.invalidateQueries(),
  });
}
