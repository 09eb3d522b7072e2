import { createFieldError, HttpError } from '../../lib/http-error.js';

// The web modal shows these as they are, in an error toast (000 §8).

export function createResendTooSoonError(waitSeconds: number): HttpError {
  return new HttpError({
    statusCode: 429,
    code: 'whatsapp.resend_too_soon',
    message: `A code was sent moments ago. Please wait ${waitSeconds} second${waitSeconds === 1 ? '' : 's'} before asking for a new one.`,
  });
}

export function createNoCodeError(): HttpError {
  return createFieldError({
    code: 'whatsapp.no_code',
    field: 'code',
    message: 'No code was sent to this number. Please ask for a new code.',
  });
}

export function createCodeExpiredError(): HttpError {
  return createFieldError({
    code: 'whatsapp.code_expired',
    field: 'code',
    message: 'This code has expired. Please ask for a new code.',
  });
}

export function createCodeUsedUpError(): HttpError {
  return createFieldError({
    code: 'whatsapp.code_used_up',
    field: 'code',
    message: 'Too many wrong codes. Please ask for a new code.',
  });
}

export function createWrongCodeError(attemptsLeft: number): HttpError {
  return createFieldError({
    code: 'whatsapp.wrong_code',
    field: 'code',
    message:
      attemptsLeft > 0
        ? `The code is incorrect. ${attemptsLeft} attempt${attemptsLeft === 1 ? '' : 's'} left.`
        : 'The code is incorrect. No attempts left; please ask for a new code.',
  });
}

/** Only the default (e-mail) sender needs an address; agents added by an admin may have none (001 §5). */
export function createNoEmailForCodeError(): HttpError {
  return createFieldError({
    code: 'whatsapp.no_email',
    field: 'phone',
    message: 'Your account has no e-mail address to send the code to. Please contact the administrator.',
  });
}
