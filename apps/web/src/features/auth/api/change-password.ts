import { changePasswordRoute, type ChangePasswordBody } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { updateSession } from '@/lib/session';

export function changePassword(body: ChangePasswordBody) {
  return apiRequest(changePasswordRoute, { body });
}

/** On success the stored session no longer asks for a password change (000 §4). */
export function useChangePassword({ onSuccess }: { onSuccess?: (message: string) => void } = {}) {
  return useMutation({
    mutationFn: changePassword,
    onSuccess: (answer) => {
      updateSession({ change_password: false });
      onSuccess?.(answer.message);
    },
  });
}
