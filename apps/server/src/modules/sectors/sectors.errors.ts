import { SECTOR_EXISTS_MESSAGE } from '@portal/contract/sectors';
import { createFieldError, HttpError } from '../../lib/http-error.js';

export function createSectorNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'sectors.not_found', message: 'Sector not found.' });
}

/** One live sector per from/to pair (the table's partial unique index decides under concurrency). */
export function createSectorExistsError(): HttpError {
  return createFieldError({ code: 'sectors.already_exists', field: 'from_sector', message: SECTOR_EXISTS_MESSAGE });
}

/** Legs of live groups keep their sector (PRODUCT §3: 409 for a state conflict). */
export function createSectorInUseError({ groupCount }: { groupCount: number }): HttpError {
  return new HttpError({
    statusCode: 409,
    code: 'sectors.in_use',
    message: `This sector is used by ${groupCount} group(s) and cannot be deleted.`,
  });
}
