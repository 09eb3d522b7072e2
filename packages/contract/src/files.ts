import { z } from 'zod';

/** PRODUCT §4: uploads are at most 2,097,152 bytes (the server answers 413 above it). */
export const MAX_UPLOAD_BYTES = 2_097_152;

/** PRODUCT §3: the 413 answer for a file over the limit. */
export const FILE_TOO_LARGE_MESSAGE = 'The file may not be greater than 2 MB.';

/** Image types accepted for logos and pictures, checked by content on the server (PRODUCT §4). */
export const IMAGE_TYPES = ['jpeg', 'png', 'webp'] as const;
/** Passport and visa scans may also be PDFs (PRODUCT §4 "Booking"). */
export const DOCUMENT_TYPES = ['jpeg', 'png', 'webp', 'pdf'] as const;
export type UploadType = (typeof DOCUMENT_TYPES)[number];

/** Laravel's wording for a file of the wrong type: 'The logo must be a file of type: jpeg, png, webp.' */
export function fileTypeMessage(label: string, types: readonly UploadType[] = IMAGE_TYPES): string {
  return `The ${label} must be a file of type: ${types.join(', ')}.`;
}

/** An upload whose signature says image but which does not decode as one (issue 16.11). */
export function unreadableImageMessage(label: string): string {
  return `The ${label} could not be read as an image.`;
}

/** Pixels an uploaded image may have (decoding is bounded before it starts): 50 MP, above any phone camera's scan. */
export const MAX_IMAGE_PIXELS = 50_000_000;

export function imageTooLargeMessage(label: string): string {
  return `The ${label} has too many pixels: at most 50 megapixels.`;
}

/**
 * A file part as the server's multipart plugin hands it over (apps/server/src/lib/form-body.ts).
 * Declared here without Node types so the web build can share the schemas.
 */
export interface UploadedFilePart {
  kind: 'file';
  fieldname: string;
  filename: string;
  mimetype: string;
  data: Uint8Array;
}

/** A browser File/Blob on the web, an UploadedFilePart on the server. */
export type FormFile = Blob | UploadedFilePart;

function isUploadedFilePart(value: unknown): value is UploadedFilePart {
  return (
    typeof value === 'object' &&
    value !== null &&
    (value as UploadedFilePart).kind === 'file' &&
    (value as UploadedFilePart).data instanceof Uint8Array
  );
}

export function isFormFile(value: unknown): value is FormFile {
  if (isUploadedFilePart(value)) return true;
  // Blob is global in browsers and in Node 18+, but look it up defensively (older runtimes, odd test DOMs).
  const BlobClass = (globalThis as { Blob?: abstract new (...args: never[]) => object }).Blob;
  return BlobClass !== undefined && value instanceof BlobClass;
}

/** A form sends '' (or a JSON client null) for a file it does not have; both mean "no file". */
function isEmptyFileValue(value: unknown): boolean {
  return value === undefined || value === null || value === '';
}

// OpenAPI: a file field is a binary string (multipart/form-data); z.custom has no JSON Schema of its own.
const FILE_META = { type: 'string', format: 'binary' } as const;

/**
 * A required file field: 'The logo field is required.' when absent, 'The logo must be a file of type: …'
 * when something else is sent. The content check (magic bytes, size) is the server's (modules/files).
 */
export function requiredFileField(label: string, types: readonly UploadType[] = IMAGE_TYPES) {
  return z
    .custom<FormFile>(isFormFile, {
      error: (issue) => (isEmptyFileValue(issue.input) ? `The ${label} field is required.` : fileTypeMessage(label, types)),
    })
    .meta(FILE_META);
}

/**
 * An optional file field (edit forms: no new file keeps the stored one). Any text sent in its place — ''
 * or the URL of the current image, which older clients echo back — also means "keep the stored one".
 */
export function optionalFileField(label: string, types: readonly UploadType[] = IMAGE_TYPES) {
  return z
    .custom<FormFile | string | null | undefined>(
      (value) => value === undefined || value === null || typeof value === 'string' || isFormFile(value),
      { error: fileTypeMessage(label, types) },
    )
    .optional()
    .transform((value): FormFile | undefined => (isFormFile(value) ? value : undefined))
    .meta(FILE_META);
}

/**
 * The API's status 1 active / 0 inactive. Accepts 1/0, '1'/'0', true/false and 'true'/'false' (forms send
 * text, JSON clients numbers or booleans); '' counts as not sent.
 */
const statusInputSchema = z.union([z.literal([1, 0, '1', '0', 'true', 'false', '']), z.boolean()], {
  error: 'The selected status is invalid.',
});

function toStatus(value: z.output<typeof statusInputSchema> | undefined): 1 | 0 | undefined {
  if (value === undefined || value === '') return undefined;
  return value === 1 || value === '1' || value === true || value === 'true' ? 1 : 0;
}

export const statusSchema = z.union([z.literal(1), z.literal(0)]);
export type Status = z.infer<typeof statusSchema>;

/** Status on an add form: not sent means active (1). */
export function statusFieldWithDefault(defaultValue: Status = 1) {
  return statusInputSchema.optional().transform((value): Status => toStatus(value) ?? defaultValue);
}

/** Status on an edit form: not sent keeps the stored one. */
export function optionalStatusField() {
  return statusInputSchema.optional().transform((value): Status | undefined => toStatus(value));
}
