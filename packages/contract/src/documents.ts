import { z } from 'zod';
import { defineRoute, messageSchema, validationErrorSchema } from './common.js';

/**
 * Documents (PRODUCT §4 "Files and documents", issue 4): booking PDF, PNR PDF, PNR passenger list (xlsx)
 * and private files (passport and visa scans). They open in a new tab, where no bearer token travels, so
 * each path is signed: `expires` (unix seconds) and `signature` (HMAC of path + expiry under APP_SECRET).
 * The signature is the credential, hence access 'public'. The answers are files, not JSON.
 */

/** 403 for a missing, wrong or expired signature. */
export const INVALID_LINK_MESSAGE = 'This link has expired or is not valid.';
export const BOOKING_NOT_FOUND_MESSAGE = 'Booking not found.';
export const PNR_NOT_FOUND_MESSAGE = 'PNR not found.';
export const FILE_NOT_FOUND_MESSAGE = 'File not found.';

export const PDF_MIME = 'application/pdf';
export const XLSX_MIME = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

/** A Buffer or a readable stream on the server; declared without Node types so the web build can share the contract. */
export type BinaryBody = Uint8Array | { pipe: (...args: never[]) => unknown };

/** The bytes of a file answer, documented in OpenAPI under its media types. */
export function binaryResponse(description: string, mimes: readonly string[]) {
  return z.custom<BinaryBody>().meta({
    description,
    content: Object.fromEntries(mimes.map((mime) => [mime, { schema: { type: 'string', format: 'binary' } }])),
  });
}

const signedLinkQueryShape = {
  expires: z.string().optional().meta({ description: 'Unix seconds after which the link is refused' }),
  signature: z.string().optional().meta({ description: 'HMAC-SHA256 (base64url) of the path and expires' }),
};

export const signedLinkQuerySchema = z.object(signedLinkQueryShape);

/** `download=1` asks for an attachment instead of an inline view; the signature covers the path only. */
export const bookingPdfQuerySchema = z.object({
  ...signedLinkQueryShape,
  download: z.string().optional().meta({ description: '1: as an attachment (booking-{id}-{PNR}.pdf)' }),
});

const MAX_INT = 2_147_483_647;

function idParam(label: string) {
  return z.coerce
    .number({ error: `The ${label} must be a number.` })
    .int({ error: `The ${label} must be a number.` })
    .positive({ error: `The ${label} must be a number.` })
    .max(MAX_INT, { error: `The ${label} must be a number.` });
}

export const bookingPdfParamsSchema = z.object({ bookingId: idParam('booking id') });
export const pnrParamsSchema = z.object({ pnr: z.string().min(1).max(50) });
export const privateFileParamsSchema = z.object({ fileId: idParam('file id') });

const linkErrors = { 403: messageSchema, 404: messageSchema, 422: validationErrorSchema };

export const bookingPdfRoute = defineRoute({
  method: 'GET',
  path: '/booking-pdf/:bookingId',
  summary: 'Booking PDF (agency, PNR, airline, legs, passengers, totals, status); signed link, inline unless download=1',
  tags: ['documents'],
  access: 'public',
  params: bookingPdfParamsSchema,
  querystring: bookingPdfQuerySchema,
  response: { 200: binaryResponse('The booking as a PDF', [PDF_MIME]), ...linkErrors },
});

export const pnrPdfRoute = defineRoute({
  method: 'GET',
  path: '/pnr-pdf/:pnr',
  summary: 'PNR PDF: group summary and the passenger names of its live bookings; signed link',
  tags: ['documents'],
  access: 'public',
  params: pnrParamsSchema,
  querystring: signedLinkQuerySchema,
  response: { 200: binaryResponse('The PNR as a PDF', [PDF_MIME]), ...linkErrors },
});

export const pnrExcelRoute = defineRoute({
  method: 'GET',
  path: '/pnr-excel/:pnr',
  summary: 'PNR passenger name list for the airline (xlsx, one row a passenger of a live booking); signed link',
  tags: ['documents'],
  access: 'public',
  params: pnrParamsSchema,
  querystring: signedLinkQuerySchema,
  response: { 200: binaryResponse('{PNR}-passenger-list.xlsx', [XLSX_MIME]), ...linkErrors },
});

export const privateFileRoute = defineRoute({
  method: 'GET',
  path: '/private-files/:fileId',
  summary: 'A private stored file (passport or visa scan) with its stored type; signed link',
  tags: ['documents'],
  access: 'public',
  params: privateFileParamsSchema,
  querystring: signedLinkQuerySchema,
  response: {
    200: binaryResponse('The stored bytes', ['image/jpeg', 'image/png', 'image/webp', PDF_MIME]),
    ...linkErrors,
  },
});
