import { updateTicketNumbersRoute, type UpdateTicketNumbersInput } from '@portal/contract/ticketing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBookingData } from '@/lib/booking-data';

/** POST update-ticket-numbers as JSON (the tickets are an array of objects): {booking_id, tickets:[{passenger_id, ticket_no}]}. */
export function updateTicketNumbers(body: UpdateTicketNumbersInput) {
  return apiRequest(updateTicketNumbersRoute, { body });
}

/** Numbers make a booking ticketed: the lists, details and this screen are fetched again before the toast (decision 021). */
export function useUpdateTicketNumbers() {
  const refresh = useRefreshBookingData();
  return useMutation({ mutationFn: updateTicketNumbers, onSuccess: refresh });
}
