import { loginBodySchema, loginRoute, type LoginBody, type Session } from '@portal/contract/auth';
import { apiRequest } from '@/lib/api-client';
import { setSession } from '@/lib/session';

/** What the sign-in form holds before it is checked. */
export type LoginValues = { email: string; password: string };
export type LoginFieldErrors = Partial<Record<keyof LoginValues, string>>;

export type LoginCheck = { body: LoginBody; errors?: undefined } | { body?: undefined; errors: LoginFieldErrors };

/** The contract's checks of the login body (000 §5): the first message of each field, as the server words it. */
export function checkLogin(values: LoginValues): LoginCheck {
  const parsed = loginBodySchema.safeParse(values);
  if (parsed.success) return { body: parsed.data };
  const errors: LoginFieldErrors = {};
  for (const issue of parsed.error.issues) {
    const field = issue.path[0];
    if ((field === 'email' || field === 'password') && !errors[field]) errors[field] = issue.message;
  }
  return { errors };
}

/** Signs in and stores the session under `token` (000 §3-§4); the caller decides where to go next. */
export async function login(body: LoginBody): Promise<Session> {
  const answer = await apiRequest(loginRoute, { body });
  setSession(answer.success);
  return answer.success;
}
