import { importTicketNumbersRoute } from '@portal/contract/ticketing';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshBookingData } from '@/lib/booking-data';

/** POST import-ticket-numbers, multipart: the airline's xlsx or CSV and dry_run (1 previews, saves nothing). */
export function importTicketNumbers({ file, dryRun }: { file: File; dryRun: boolean }) {
  const form = new FormData();
  form.append('file', file);
  form.append('dry_run', dryRun ? '1' : '0');
  return apiRequest(importTicketNumbersRoute, { body: form });
}

/** A saved import refreshes the booking data on screen; a dry run changed nothing. */
export function useImportTicketNumbers() {
  const refresh = useRefreshBookingData();
  return useMutation({
    mutationFn: importTicketNumbers,
    onSuccess: (_answer, { dryRun }) => (dryRun ? undefined : refresh()),
  });
}
