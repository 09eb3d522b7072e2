import { verifyWhatsappRoute, type VerifyWhatsappBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function verifyWhatsapp(body: VerifyWhatsappBody) {
  return apiRequest(verifyWhatsappRoute, { body });
}

/** Checks the code and saves the verified number (000 §4-§5). */
export function useVerifyWhatsapp() {
  return useMutation({ mutationFn: verifyWhatsapp });
}
