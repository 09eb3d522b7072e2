import { logoutRoute } from '@portal/contract/auth';
import { useQueryClient } from '@tanstack/react-query';
import { useCallback } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { apiRequest } from '@/lib/api-client';
import { clearSession } from '@/lib/session';

/** Revokes the token on the server; a failure is ignored because the session is dropped anyway. */
export async function logout(): Promise<void> {
  try {
    await apiRequest(logoutRoute);
  } catch {
    // The token may already be invalid; signing out locally is what matters (000 §4).
  }
}

/** Logout (000 §4): tell the server, remove the token, forget cached data and go to /signin. */
export function useLogout() {
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  return useCallback(async () => {
    await logout();
    clearSession();
    queryClient.clear();
    await navigate(paths.signin.getHref(), { replace: true });
  }, [navigate, queryClient]);
}
