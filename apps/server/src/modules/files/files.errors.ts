import { FILE_TOO_LARGE_MESSAGE, fileTypeMessage, imageTooLargeMessage, unreadableImageMessage, type UploadType } from '@portal/contract/files';
import { createFieldError, HttpError } from '../../lib/http-error.js';

/** PRODUCT §3: a file over 2 MB answers 413 (the multipart plugin answers the same text for a part over the limit). */
export function createFileTooLargeError(): HttpError {
  return new HttpError({ statusCode: 413, code: 'files.too_large', message: FILE_TOO_LARGE_MESSAGE });
}

/** The content is not one of the accepted types, whatever its name or declared type said (PRODUCT §4). */
export function createFileTypeError({ field, types }: { field: string; types: readonly UploadType[] }): HttpError {
  return createFieldError({ code: 'files.invalid_type', field, message: fileTypeMessage(field.replaceAll('_', ' '), types) });
}

/** The signature said image, but the bytes do not decode as one (issue 16.11). */
export function createUnreadableImageError({ field }: { field: string }): HttpError {
  return createFieldError({ code: 'files.unreadable_image', field, message: unreadableImageMessage(field.replaceAll('_', ' ')) });
}

/** More pixels than MAX_IMAGE_PIXELS, refused from the header before decoding (a decompression bomb). */
export function createImageTooLargeError({ field }: { field: string }): HttpError {
  return createFieldError({ code: 'files.image_too_large', field, message: imageTooLargeMessage(field.replaceAll('_', ' ')) });
}
