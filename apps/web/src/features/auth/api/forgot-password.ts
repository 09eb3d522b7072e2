import { forgotPasswordRoute, type ForgotPasswordBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export function forgotPassword(body: ForgotPasswordBody) {
  return apiRequest(forgotPasswordRoute, { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
