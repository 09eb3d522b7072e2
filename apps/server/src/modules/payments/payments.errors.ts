import {
  PAYMENT_CANCELLED_BOOKING_MESSAGE,
  PAYMENT_CONFIRMED_ONLY_MESSAGE,
  PAYMENT_FUTURE_DATE_MESSAGE,
  PAYMENT_NOT_FOUND_MESSAGE,
} from '@portal/contract/payments';
import { createFieldError, HttpError } from '../../lib/http-error.js';

// Stable codes for logs and tests; the messages are the contract's (packages/contract/src/payments.ts).
// An unknown booking answers the lifecycle's 404 (createBookingNotFoundError), as every booking write does.

/** An unknown payment id, or one already deleted (a deleted payment can be neither edited nor deleted again). */
export function createPaymentNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'payments.not_found', message: PAYMENT_NOT_FOUND_MESSAGE });
}

/** A payment on a booking still on hold: a state conflict, 409 like the lifecycle's (PRODUCT §3). */
export function createPaymentConfirmedOnlyError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'payments.booking_not_confirmed', message: PAYMENT_CONFIRMED_ONLY_MESSAGE });
}

export function createPaymentCancelledBookingError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'payments.booking_cancelled', message: PAYMENT_CANCELLED_BOOKING_MESSAGE });
}

export function createPaymentFutureDateError(): HttpError {
  return createFieldError({ code: 'payments.future_date', field: 'receive_date', message: PAYMENT_FUTURE_DATE_MESSAGE });
}
