import { FILE_TOO_LARGE_MESSAGE, fileTypeMessage, type UploadType } from '@portal/contract/files';
import { createFieldError, HttpError } from '../../lib/http-error.js';

/** PRODUCT §3: a file over 2 MB answers 413 (the multipart plugin answers the same text for a part over the limit). */
export function createFileTooLargeError(): HttpError {
  return new HttpError({ statusCode: 413, code: 'files.too_large', message: FILE_TOO_LARGE_MESSAGE });
}

/** The content is not one of the accepted types, whatever its name or declared type said (PRODUCT §4). */
export function createFileTypeError({ field, types }: { field: string; types: readonly UploadType[] }): HttpError {
  return createFieldError({ code: 'files.invalid_type', field, message: fileTypeMessage(field.replaceAll('_', ' '), types) });
}
