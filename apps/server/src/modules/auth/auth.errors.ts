import { accountLockedMessage, PASSWORD_CHANGE_REQUIRED_MESSAGE } from '@portal/contract/auth';
import { createFieldError, HttpError } from '../../lib/http-error.js';

// Messages the seeds' clients show as they are (000 §6, PRODUCT §3/§4).

export function createInvalidCredentialsError(): HttpError {
  return new HttpError({ statusCode: 401, code: 'auth.invalid_credentials', message: 'Invalid email or password' });
}

export function createAccountPendingError(): HttpError {
  return new HttpError({
    statusCode: 403,
    code: 'auth.account_pending',
    message: 'Your account is pending approval. We will call you to verify it, then e-mail your login details.',
  });
}

export function createAccountRejectedError(): HttpError {
  return new HttpError({
    statusCode: 403,
    code: 'auth.account_rejected',
    message: 'Your registration was not approved. Please contact us for details.',
  });
}

export function createAccountDeactivatedError(): HttpError {
  return new HttpError({
    statusCode: 403,
    code: 'auth.account_deactivated',
    message: 'Your account has been deactivated. Please contact the administrator.',
  });
}

export function createEmailTakenError(): HttpError {
  return createFieldError({ code: 'auth.email_taken', field: 'email', message: 'The email has already been taken.' });
}

export function createWrongOldPasswordError(): HttpError {
  return createFieldError({
    code: 'auth.wrong_old_password',
    field: 'old_password',
    message: 'The old password is incorrect.',
  });
}

export function createTooManyAttemptsError(retryAfter: string): HttpError {
  return new HttpError({
    statusCode: 429,
    code: 'auth.too_many_attempts',
    message: `Too many attempts. Please try again in ${retryAfter}.`,
  });
}

export function createPasswordChangeRequiredError(): HttpError {
  return new HttpError({ statusCode: 403, code: 'auth.password_change_required', message: PASSWORD_CHANGE_REQUIRED_MESSAGE });
}

/** 429 while the account is locked after too many wrong passwords (decision 018); Retry-After in whole seconds. */
export function createAccountLockedError({ lockedUntil, now = Date.now() }: { lockedUntil: Date; now?: number }): HttpError {
  const seconds = Math.max(1, Math.ceil((lockedUntil.getTime() - now) / 1000));
  return new HttpError({
    statusCode: 429,
    code: 'auth.account_locked',
    message: accountLockedMessage(lockedUntil),
    headers: { 'retry-after': String(seconds) },
  });
}
