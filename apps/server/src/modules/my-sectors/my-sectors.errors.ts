import { createFieldError, HttpError } from '../../lib/http-error.js';

export function createMySectorNotFoundError(): HttpError {
  return new HttpError({ statusCode: 404, code: 'my_sectors.not_found', message: 'My sector not found.' });
}

/** 001 §5: the image is required on add, and on edit when the my-sector has none. */
export function createMySectorImageRequiredError(): HttpError {
  return createFieldError({ code: 'my_sectors.image_required', field: 'image', message: 'The image field is required.' });
}

/** Live groups keep their my-sector (PRODUCT §3: 409 for a state conflict). */
export function createMySectorInUseError({ groupCount }: { groupCount: number }): HttpError {
  return new HttpError({
    statusCode: 409,
    code: 'my_sectors.in_use',
    message: `This my sector is used by ${groupCount} group(s) and cannot be deleted.`,
  });
}
