import {
  AGENT_CANCEL_HOLD_ONLY_MESSAGE,
  AGENT_EDIT_HOLD_ONLY_MESSAGE,
  BOOKING_ALREADY_CANCELLED_MESSAGE,
  BOOKING_ALREADY_CONFIRMED_MESSAGE,
  BOOKING_NOT_FOUND_MESSAGE,
  HOLD_ONLY_MESSAGE,
  NOT_ENOUGH_SEATS_TO_CONFIRM_MESSAGE,
} from '@portal/contract/booking-lifecycle';
import { HttpError } from '../../lib/http-error.js';

// Stable codes for logs and tests; the messages are the contract's (packages/contract/src/booking-lifecycle.ts).

/** Unknown id, or (on reads) another agent's booking: 404 either way, so ids do not tell which bookings exist. */
export function createBookingNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'bookings.not_found', message: BOOKING_NOT_FOUND_MESSAGE });
}

/** A write on another agent's booking (PRODUCT §3: 403 for someone else's record). */
export function createNotOwnBookingError(): HttpError {
  return new HttpError({ statusCode: 403, code: 'bookings.not_own', message: 'This action is unauthorized.' });
}

export function createAgentCancelHoldOnlyError(): HttpError {
  return new HttpError({ statusCode: 403, code: 'bookings.agent_cancel_hold_only', message: AGENT_CANCEL_HOLD_ONLY_MESSAGE });
}

export function createAgentEditHoldOnlyError(): HttpError {
  return new HttpError({ statusCode: 403, code: 'bookings.agent_edit_hold_only', message: AGENT_EDIT_HOLD_ONLY_MESSAGE });
}

export function createBookingAlreadyCancelledError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'bookings.already_cancelled', message: BOOKING_ALREADY_CANCELLED_MESSAGE });
}

export function createBookingAlreadyConfirmedError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'bookings.already_confirmed', message: BOOKING_ALREADY_CONFIRMED_MESSAGE });
}

export function createNotEnoughSeatsToConfirmError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'bookings.not_enough_seats', message: NOT_ENOUGH_SEATS_TO_CONFIRM_MESSAGE });
}

export function createNotOnHoldError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'bookings.not_on_hold', message: HOLD_ONLY_MESSAGE });
}

/** A 422 on the fields the server checks after the schema (amounts against the booking, passengers, dates). */
export function createBookingInputError(errors: Record<string, string[]>): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new HttpError({ statusCode: 422, code: 'bookings.invalid_input', message: first, errors });
}
