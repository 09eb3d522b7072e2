import type { Session } from '@portal/contract/auth';
import { useEffect, useState, type FormEvent } from 'react';
import type { LoginFieldErrors, LoginValues } from './login';

/**
 * The contract's schema (zod) and the login call load after the form has painted, not before: the
 * sign-in page is the one every user opens first, and zod alone is a sixth of its JS (issue 8).
 */
const loadLogin = () => import('./login');

type UseLoginFormOptions = { onSuccess: (session: Session) => void };

/**
 * E-mail and password checked with the contract on submit and, after a first submit, on every change
 * (as react-hook-form's defaults do on the other forms); the call's error is kept for the form to show.
 */
export function useLoginForm({ onSuccess }: UseLoginFormOptions) {
  const [values, setValues] = useState<LoginValues>({ email: '', password: '' });
  const [errors, setErrors] = useState<LoginFieldErrors>({});
  const [submitted, setSubmitted] = useState(false);
  const [pending, setPending] = useState(false);
  const [failure, setFailure] = useState<{ error: unknown } | null>(null);

  // Fetched once the form is on screen, so that a submit finds it loaded. If that fetch fails, the submit
  // asks again (a browser may keep the failure until a reload) and shows the generic message if it fails.
  useEffect(() => {
    loadLogin().catch(() => undefined);
  }, []);

  // After a first submit, the messages follow the fields as they change.
  useEffect(() => {
    if (!submitted) return undefined;
    let current = true;
    loadLogin()
      .then(({ checkLogin }) => {
        if (current) setErrors(checkLogin(values).errors ?? {});
      })
      .catch(() => undefined);
    return () => {
      current = false;
    };
  }, [values, submitted]);

  const setField = (field: keyof LoginValues, value: string) => setValues((prev) => ({ ...prev, [field]: value }));

  const submit = async (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    if (pending) return;
    setSubmitted(true);
    setFailure(null);
    setPending(true);
    try {
      const { checkLogin, login } = await loadLogin();
      const checked = checkLogin(values);
      setErrors(checked.errors ?? {});
      if (!checked.body) return;
      const session = await login(checked.body);
      onSuccess(session);
    } catch (error) {
      setFailure({ error });
    } finally {
      setPending(false);
    }
  };

  return { values, errors, pending, failure, setField, submit };
}
