import { HttpError } from '../../lib/http-error.js';

export function createAirlineNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'airlines.not_found', message: 'Airline not found.' });
}

/** Groups keep their airline (PRODUCT §3: 409 for a state conflict); close or delete the groups first. */
export function createAirlineInUseError({ groupCount }: { groupCount: number }): HttpError {
  return new HttpError({
    statusCode: 409,
    code: 'airlines.in_use',
    message: `This airline is used by ${groupCount} group(s) and cannot be deleted.`,
  });
}
