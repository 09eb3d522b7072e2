import { BOOKING_ALREADY_CANCELLED_MESSAGE } from '@portal/contract/booking-lifecycle';
import {
  IMPORT_FILE_EMPTY_MESSAGE,
  IMPORT_FILE_UNREADABLE_MESSAGE,
  IMPORT_TOO_MANY_ROWS_MESSAGE,
  importMissingColumnsMessage,
  PASSENGER_NOT_ON_BOOKING_MESSAGE,
  TICKET_NAME_MISSING_MESSAGE,
  TICKETING_CONFIRMED_ONLY_MESSAGE,
  ticketNoTakenMessage,
  type ImportColumn,
} from '@portal/contract/ticketing';
import { createFieldError, HttpError } from '../../lib/http-error.js';

// Stable codes for logs and tests; the messages are the contract's (packages/contract/src/ticketing.ts).

/** Ticket numbers go on a booking the wholesaler has accepted (decision 031): a hold may still run out. */
export function createTicketingConfirmedOnlyError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'ticketing.booking_not_confirmed', message: TICKETING_CONFIRMED_ONLY_MESSAGE });
}

export function createTicketingCancelledError(): HttpError {
  return new HttpError({ statusCode: 409, code: 'ticketing.booking_cancelled', message: BOOKING_ALREADY_CANCELLED_MESSAGE });
}

export function createPassengerNotOnBookingError(index: number): HttpError {
  return createFieldError({ code: 'ticketing.passenger_not_on_booking', field: `tickets.${index}.passenger_id`, message: PASSENGER_NOT_ON_BOOKING_MESSAGE });
}

/** Decision 030: a passenger booked with names later gets a ticket number only once it has a name. */
export function createTicketNameMissingError(index: number): HttpError {
  return createFieldError({ code: 'ticketing.passenger_name_missing', field: `tickets.${index}.ticket_no`, message: TICKET_NAME_MISSING_MESSAGE });
}

export function createTicketNoTakenError({ field, ticketNo }: { field: string; ticketNo: string }): HttpError {
  return createFieldError({ code: 'ticketing.ticket_no_taken', field, message: ticketNoTakenMessage(ticketNo) });
}

/** Every problem of an import file, on `file` (the form's one field), first one as the message. */
export function createImportFileError(messages: string[]): HttpError {
  return new HttpError({ statusCode: 422, code: 'ticketing.import_file', message: messages[0] ?? IMPORT_FILE_UNREADABLE_MESSAGE, errors: { file: messages } });
}

export function createImportUnreadableError(): HttpError {
  return createImportFileError([IMPORT_FILE_UNREADABLE_MESSAGE]);
}

export function createImportEmptyError(): HttpError {
  return createImportFileError([IMPORT_FILE_EMPTY_MESSAGE]);
}

export function createImportTooManyRowsError(): HttpError {
  return createImportFileError([IMPORT_TOO_MANY_ROWS_MESSAGE]);
}

export function createImportColumnsError(missing: ImportColumn[]): HttpError {
  return createImportFileError([importMissingColumnsMessage(missing)]);
}
