import { loginRoute, type LoginBody, type Session } from '@portal/contract/auth';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { setSession } from '@/lib/session';

export async function login(body: LoginBody): Promise<Session> {
  const answer = await apiRequest(loginRoute, { body });
  return answer.success;
}

/** Signs in and stores the session under `token` (000 §3-§4); the caller decides where to go next. */
export function useLogin({ onSuccess }: { onSuccess?: (session: Session) => void } = {}) {
  return useMutation({
    mutationFn: login,
    onSuccess: (session) => {
      setSession(session);
      onSuccess?.(session);
    },
  });
}
