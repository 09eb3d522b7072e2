import {
  BOOKING_NOT_FOUND_MESSAGE,
  FILE_NOT_FOUND_MESSAGE,
  INVALID_LINK_MESSAGE,
  PNR_NOT_FOUND_MESSAGE,
} from '@portal/contract/documents';
import { HttpError } from '../../lib/http-error.js';

/** A signed link that is missing its signature, was altered, was made for another path or has expired. */
export function createInvalidLinkError(): HttpError {
  return new HttpError({ statusCode: 403, code: 'documents.invalid_link', message: INVALID_LINK_MESSAGE });
}

export function createBookingNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'documents.booking_not_found', message: BOOKING_NOT_FOUND_MESSAGE });
}

export function createPnrNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'documents.pnr_not_found', message: PNR_NOT_FOUND_MESSAGE });
}

/** Unknown id, a public file (those are served at /uploads/public), or bytes missing from the disk. */
export function createFileNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'documents.file_not_found', message: FILE_NOT_FOUND_MESSAGE });
}
