import { z } from 'zod';
import type { PassengerTitle, PassengerType } from './bookings.js';
import { defineRoute, errorResponses } from './common.js';
import { DOCUMENT_TYPES, optionalFileField } from './files.js';

/**
 * Passport reading (issue 17 point 1, PRODUCT §6 "Passport reading").
 *
 * - `POST /api/passport-read` (signed-in: agents and administrators), multipart:
 *   - `file`: a passport scan, same file rules as a passenger's scan (jpeg, png, webp or pdf; the first page
 *     of a PDF is read), read by OCR on the server, offline, one reading at a time per process (a full queue
 *     answers 503 {@link PASSPORT_READ_BUSY_MESSAGE} with Retry-After);
 *   - or `mrz`: the two 44-character lines of an ICAO 9303 TD3 passport (line break, spaces or nothing
 *     between them).
 * - 200 `{data:{surname, given_names, passport_no, nationality, sex, dob, expiry}}`: dates YYYY-MM-DD, sex
 *   M, F or X, `<` fillers as spaces, trimmed.
 * - 422 {@link MRZ_CHECK_DIGITS_MESSAGE} when a check digit (passport number, birth date, expiry, composite)
 *   does not hold; 422 {@link MRZ_UNREADABLE_MESSAGE} when no MRZ could be read (errors on `mrz` or `file`).
 * - Two-digit years: a birth year after this year's two digits is 19xx, otherwise 20xx; an expiry is 20xx.
 */

export const MRZ_CHECK_DIGITS_MESSAGE = 'The MRZ check digits do not match.';
export const MRZ_UNREADABLE_MESSAGE = 'The MRZ could not be read.';
export const PASSPORT_READ_BUSY_MESSAGE = 'Passport reading is busy. Please try again in a few seconds.';

/** Neither a scan nor MRZ lines were sent (Laravel's required_without wording). */
export const MRZ_REQUIRED_MESSAGE = 'The mrz field is required when file is not present.';
export const MRZ_MAX_LENGTH = 200;

/**
 * The request: a scan (`file`) or pasted lines (`mrz`). When both come, the pasted lines are read (no OCR).
 */
export const passportReadBodySchema = z
  .object({
    file: optionalFileField('file', DOCUMENT_TYPES),
    mrz: z
      .string({ error: 'The mrz must be a string.' })
      .max(MRZ_MAX_LENGTH, { error: `The mrz may not be greater than ${MRZ_MAX_LENGTH} characters.` })
      .optional()
      .meta({ description: 'The two 44-character lines of a TD3 passport MRZ (line break, spaces or nothing between them)' }),
  })
  .superRefine((body, context) => {
    if (!body.file && (body.mrz ?? '').trim() === '') context.addIssue({ code: 'custom', path: ['mrz'], message: MRZ_REQUIRED_MESSAGE });
  });
export type PassportReadBody = z.output<typeof passportReadBodySchema>;

export const PASSPORT_SEXES = ['M', 'F', 'X'] as const;
export type PassportSex = (typeof PASSPORT_SEXES)[number];

export const passportDataSchema = z.object({
  surname: z.string(),
  given_names: z.string(),
  passport_no: z.string(),
  nationality: z.string(),
  sex: z.enum(PASSPORT_SEXES),
  dob: z.string(),
  expiry: z.string(),
});
export type PassportData = z.infer<typeof passportDataSchema>;

export const passportReadResponseSchema = z.object({ data: passportDataSchema });
export type PassportReadResponse = z.infer<typeof passportReadResponseSchema>;

/**
 * PRODUCT §6: the title follows type and sex (adult M: Mr, adult F: Mrs; child M: Mstr, child F: Miss;
 * infant: Inf). Sex X (or an adult/child of unknown sex) gives no title: the agent picks one.
 */
export function titleForPassenger(type: PassengerType, sex: PassportSex): PassengerTitle | undefined {
  if (type === 'infant') return 'Inf';
  if (sex === 'X') return undefined;
  if (type === 'adult') return sex === 'M' ? 'Mr' : 'Mrs';
  return sex === 'M' ? 'Mstr' : 'Miss';
}

export const passportReadRoute = defineRoute({
  method: 'POST',
  path: '/passport-read',
  summary: 'Reads the MRZ of a passport scan (OCR, offline) or of pasted MRZ lines, with its check digits',
  tags: ['bookings'],
  access: 'user',
  body: passportReadBodySchema,
  response: { 200: passportReadResponseSchema, ...errorResponses, 503: z.object({ message: z.string() }) },
});
