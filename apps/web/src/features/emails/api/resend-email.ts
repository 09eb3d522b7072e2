import { resendEmailRoute } from '@portal/contract/emails';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { emailsQueryKey } from './get-emails';

export function resendEmail(id: number) {
  return apiRequest(resendEmailRoute, { params: { id } });
}

/** POST resend-email/{id}; the list shows the row queued again at once. */
export function useResendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: resendEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsQueryKey }),
  });
}
