import { createSignedUrl } from '../../lib/signed-url.js';

/**
 * The signed links of issue 4 (PRODUCT §4 "Files and documents"). Paths, served by documents.routes.ts:
 * - GET /api/booking-pdf/:bookingId         booking PDF (inline; `&download=1` as an attachment)
 * - GET /api/pnr-pdf/:pnr                   PNR PDF view
 * - GET /api/pnr-excel/:pnr                 PNR passenger name list (xlsx)
 * - GET /api/private-files/:fileId          passport or visa scan
 * Every one needs `expires` and `signature` from these functions; there is no bearer token on a new tab.
 * The path functions are the one spelling of each path: the links sign them and the routes verify them.
 */
export interface LinkContext {
  secret: string;
  publicUrl: string;
}

export function getBookingPdfPath(bookingId: number): string {
  return `/api/booking-pdf/${bookingId}`;
}

export function getPnrPdfPath(pnr: string): string {
  return `/api/pnr-pdf/${encodeURIComponent(pnr)}`;
}

export function getPnrExcelPath(pnr: string): string {
  return `/api/pnr-excel/${encodeURIComponent(pnr)}`;
}

export function getPrivateFilePath(fileId: number): string {
  return `/api/private-files/${fileId}`;
}

export function getBookingPdfLinks({ secret, publicUrl, bookingId }: LinkContext & { bookingId: number }): {
  view: string;
  download: string;
} {
  const view = createSignedUrl({ secret, publicUrl, path: getBookingPdfPath(bookingId) });
  return { view, download: `${view}&download=1` };
}

export function getPnrPdfLink({ secret, publicUrl, pnr }: LinkContext & { pnr: string }): string {
  return createSignedUrl({ secret, publicUrl, path: getPnrPdfPath(pnr) });
}

export function getPnrExcelLink({ secret, publicUrl, pnr }: LinkContext & { pnr: string }): string {
  return createSignedUrl({ secret, publicUrl, path: getPnrExcelPath(pnr) });
}

/** Only for callers already allowed to see the booking (its agent or an admin). */
export function getPrivateFileLink({ secret, publicUrl, fileId }: LinkContext & { fileId: number }): string {
  return createSignedUrl({ secret, publicUrl, path: getPrivateFilePath(fileId) });
}
