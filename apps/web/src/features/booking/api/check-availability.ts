import { checkAvailabilityRoute, type CheckAvailabilityInput } from '@portal/contract/bookings';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

/** POST check-availbility (000 §7): data.status false when the seats are gone (PRODUCT §4). */
export function checkAvailability(body: CheckAvailabilityInput) {
  return apiRequest(checkAvailabilityRoute, { body });
}

export function useCheckAvailability() {
  return useMutation({ mutationFn: checkAvailability });
}
