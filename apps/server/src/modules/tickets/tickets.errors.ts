import { PNR_NOT_FOUND_MESSAGE } from '@portal/contract/tickets';
import { HttpError } from '../../lib/http-error.js';

/** No live (not deleted) group has this PNR. */
export function createPnrNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'tickets.pnr_not_found', message: PNR_NOT_FOUND_MESSAGE });
}
