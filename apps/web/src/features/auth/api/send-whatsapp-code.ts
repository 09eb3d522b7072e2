import { sendWhatsappCodeRoute, type SendWhatsappCodeBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function sendWhatsappCode(body: SendWhatsappCodeBody) {
  return apiRequest(sendWhatsappCodeRoute, { body });
}

/** Sends (or sends again) a verification code for a number (000 §4-§5). */
export function useSendWhatsappCode() {
  return useMutation({ mutationFn: sendWhatsappCode });
}
