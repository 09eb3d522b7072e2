/**
 * The one error type the application throws on purpose. The error handler answers it with its
 * status and message (and the Laravel `errors` map for 422, PRODUCT §3); anything else that
 * escapes becomes a logged 500 whose text never reaches the client.
 */
export class HttpError extends Error {
  readonly statusCode: number;
  /** Stable, documented code (`auth.invalid_credentials`) for logs and tests; never shown to users. */
  readonly code: string;
  readonly errors: Record<string, string[]> | undefined;
  /** Extra response headers (a 429's Retry-After). */
  readonly headers: Record<string, string> | undefined;

  constructor(options: {
    statusCode: number;
    code: string;
    message: string;
    errors?: Record<string, string[]>;
    headers?: Record<string, string>;
  }) {
    super(options.message);
    this.name = 'HttpError';
    this.statusCode = options.statusCode;
    this.code = options.code;
    this.errors = options.errors;
    this.headers = options.headers;
  }
}

export function isHttpError(error: unknown): error is HttpError {
  return error instanceof HttpError;
}

/** A 422 on one field, phrased like Laravel's validator: `message` repeats the first error. */
export function createFieldError({ code, field, message }: { code: string; field: string; message: string }): HttpError {
  return new HttpError({ statusCode: 422, code, message, errors: { [field]: [message] } });
}

export function createUnauthenticatedError(): HttpError {
  return new HttpError({ statusCode: 401, code: 'auth.unauthenticated', message: 'Unauthenticated.' });
}

export function createForbiddenError(): HttpError {
  return new HttpError({ statusCode: 403, code: 'auth.forbidden', message: 'This action is unauthorized.' });
}

export function createNotFoundError(message = 'Not found.'): HttpError {
  return new HttpError({ statusCode: 404, code: 'http.not_found', message });
}
