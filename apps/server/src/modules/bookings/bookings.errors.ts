import {
  AGENT_INVALID_MESSAGE,
  GROUP_NOT_BOOKABLE_MESSAGE,
  IDEMPOTENCY_KEY_MAX_LENGTH,
  passportAlreadyBookedMessage,
  PNR_INVALID_MESSAGE,
  SEATS_UNAVAILABLE_MESSAGE,
  STALE_GROUP_MESSAGE,
} from '@portal/contract/bookings';
import { createFieldError, HttpError } from '../../lib/http-error.js';

// Stable codes for logs and tests; the messages are what the agent or admin reads (000 §5, §8; PRODUCT §3).

/** No live group has this PNR (unknown or deleted). */
export function createPnrInvalidError(): HttpError {
  return createFieldError({ code: 'bookings.pnr_invalid', field: 'pnr', message: PNR_INVALID_MESSAGE });
}

/** Admin's `agent` is not an approved, active, live agent. */
export function createAgentInvalidError(): HttpError {
  return createFieldError({ code: 'bookings.agent_invalid', field: 'agent', message: AGENT_INVALID_MESSAGE });
}

export function createIdempotencyKeyInvalidError(): HttpError {
  return createFieldError({
    code: 'bookings.idempotency_key_invalid',
    field: 'idempotency_key',
    message: `The Idempotency-Key header may not be greater than ${IDEMPOTENCY_KEY_MAX_LENGTH} characters.`,
  });
}

/** PRODUCT §4: the seats are gone (000 §8 wording). */
export function createSeatsUnavailableError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'bookings.seats_unavailable', message: SEATS_UNAVAILABLE_MESSAGE });
}

/** PRODUCT §4 "Inventory": closed, deleted or departed groups cannot be booked. */
export function createGroupNotBookableError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'bookings.group_not_bookable', message: GROUP_NOT_BOOKABLE_MESSAGE });
}

/** add-booking's updated_at is not the group's: its price or schedule may have changed since the dialog opened. */
export function createStaleGroupError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'bookings.stale_group', message: STALE_GROUP_MESSAGE });
}

/** PRODUCT §6 "Duplicate passengers": the passport number (normalised) is on a live booking of this group. */
export function createPassportAlreadyBookedError(passportNo: string): HttpError {
  return new HttpError({ statusCode: 409, code: 'bookings.passport_already_booked', message: passportAlreadyBookedMessage(passportNo) });
}
