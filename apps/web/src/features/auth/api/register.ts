import { registerRoute, type RegisterBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import type { z } from 'zod';
import type { registerBodySchema } from '@portal/contract/auth';
import { apiRequest } from '@/lib/api-client';

export type RegisterInput = z.input<typeof registerBodySchema>;

export function register(body: RegisterInput | RegisterBody) {
  return apiRequest(registerRoute, { body });
}

export function useRegister({ onSuccess }: { onSuccess?: (message: string) => void } = {}) {
  return useMutation({
    mutationFn: register,
    onSuccess: (answer) => onSuccess?.(answer.message),
  });
}
