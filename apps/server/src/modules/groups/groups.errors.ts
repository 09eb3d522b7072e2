import { DEPARTURE_PAST_MESSAGE } from '@portal/contract/groups';
import { HttpError } from '../../lib/http-error.js';

// Stable codes for logs and tests; the messages are what the admin reads (PRODUCT §3, issue 3).

export function createGroupNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'groups.not_found', message: 'Group not found.' });
}

/**
 * A 422 carrying every field error the server found after the schema passed (unknown airline, sector,
 * taken PNR, locked layout...), phrased like Laravel's validator: `message` repeats the first.
 */
export function createGroupInputError(errors: Record<string, string[]>): HttpError {
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return new HttpError({ statusCode: 422, code: 'groups.invalid_input', message: first, errors });
}

export const GROUP_INPUT_MESSAGES = {
  airline: 'The selected airline is invalid.',
  mySector: 'The selected my sector is invalid.',
  sector: 'The selected departure sector is invalid.',
  pnrTaken: 'The pnr has already been taken.',
  ticketTypeLocked: 'The ticket type cannot be changed.',
  directionLocked: 'The direction cannot be changed.',
  departurePast: DEPARTURE_PAST_MESSAGE,
} as const;

/** PRODUCT §4: seats already sold cannot be taken off sale. */
export function createSeatsAlreadySoldError(sold: number): HttpError {
  return new HttpError({
    statusCode: 409,
    code: 'groups.seats_already_sold',
    message: sold === 1 ? '1 seat is already sold in this group.' : `${sold} seats are already sold in this group.`,
  });
}

/** Bookings keep their group: a group is deleted only when all its bookings are cancelled. */
export function createGroupHasBookingsError(liveBookings: number): HttpError {
  return new HttpError({
    statusCode: 409,
    code: 'groups.has_live_bookings',
    message: `This group has ${liveBookings} live booking(s) and cannot be deleted.`,
  });
}
