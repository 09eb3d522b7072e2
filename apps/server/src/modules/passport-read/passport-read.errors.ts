import { MRZ_CHECK_DIGITS_MESSAGE, MRZ_UNREADABLE_MESSAGE, PASSPORT_READ_BUSY_MESSAGE } from '@portal/contract/passport';
import { createFieldError, HttpError } from '../../lib/http-error.js';

/** PRODUCT §6: an MRZ was found but a check digit (number, birth date, expiry, composite) does not hold. */
export function createMrzCheckDigitsError({ field }: { field: 'mrz' | 'file' }): HttpError {
  return createFieldError({ code: 'passport_read.check_digits', field, message: MRZ_CHECK_DIGITS_MESSAGE });
}

/** PRODUCT §6: no MRZ could be read (not two TD3 lines, no MRZ on the scan, a PDF page without an image). */
export function createMrzUnreadableError({ field }: { field: 'mrz' | 'file' }): HttpError {
  return createFieldError({ code: 'passport_read.unreadable', field, message: MRZ_UNREADABLE_MESSAGE });
}

/** PRODUCT §6: one OCR at a time per process; a full queue is told when to come back. */
export function createPassportReadBusyError({ retryAfterSeconds }: { retryAfterSeconds: number }): HttpError {
  return new HttpError({
    statusCode: 503,
    code: 'passport_read.busy',
    message: PASSPORT_READ_BUSY_MESSAGE,
    headers: { 'retry-after': String(retryAfterSeconds) },
  });
}
