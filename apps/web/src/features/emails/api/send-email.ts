import { sendEmailRoute, type SendEmailBody } from '@portal/contract/emails';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { emailsQueryKey } from './get-emails';

/** POST send-email as multipart (agent_id, subject, message), like the app's other writes (001 §7). */
export function sendEmail(body: SendEmailBody) {
  return apiRequest(sendEmailRoute, { body: toFormData(body) });
}

export function useSendEmail() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: sendEmail,
    onSuccess: () => queryClient.invalidateQueries({ queryKey: emailsQueryKey }),
  });
}
