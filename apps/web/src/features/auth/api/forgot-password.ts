import { defineRoute, errorResponses, messageSchema, requiredEmail } from '@portal/contract/common';
import { useMutation } from '@tanstack/react-query';
import { z } from 'zod';
import { apiRequest } from '@/lib/api-client';

/*
 * POST /api/forgot-password (000 §7) is not in packages/contract yet. This descriptor mirrors
 * what the contract will hold; when it lands there, import it instead and delete this one.
 */
export const forgotPasswordBodySchema = z.object({ email: requiredEmail() });
export type ForgotPasswordBody = z.infer<typeof forgotPasswordBodySchema>;

export const forgotPasswordRoute = defineRoute({
  method: 'POST',
  path: '/forgot-password',
  summary: 'E-mail a temporary password',
  tags: ['auth'],
  access: 'public',
  body: forgotPasswordBodySchema,
  response: { 200: messageSchema, ...errorResponses },
});

export function forgotPassword(body: ForgotPasswordBody) {
  return apiRequest(forgotPasswordRoute, { body });
}

export function useForgotPassword() {
  return useMutation({ mutationFn: forgotPassword });
}
