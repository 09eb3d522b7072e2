import {
  bookingPdfRoute,
  PDF_MIME,
  pnrExcelRoute,
  pnrPdfRoute,
  privateFileRoute,
  XLSX_MIME,
} from '@portal/contract/documents';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { setDocumentHeaders } from './document-reply.js';
import { getBookingPdfPath, getPnrExcelPath, getPnrPdfPath, getPrivateFilePath } from './document-links.js';
import { assertValidLink, getBookingPdf, getPnrExcel, getPnrPdf, openPrivateFile } from './documents.usecases.js';

/** Documents (issue 4, PRODUCT §4 "Files and documents"): signed links opened in a new tab, no bearer token. */
export async function documentsRoutes(app: FastifyInstance): Promise<void> {
  const secret = app.appSecret;

  registerRoute(app, bookingPdfRoute, async (request, reply) => {
    const { bookingId } = request.params;
    assertValidLink({ secret, path: getBookingPdfPath(bookingId), query: request.query });
    const document = await getBookingPdf({ db: app.db, uploadsDir: app.uploadsDir, bookingId });
    // The signature covers the path only, so `download=1` can be added to a view link (document-links.ts).
    const download = request.query.download === '1' || request.query.download === 'true';
    setDocumentHeaders(reply, { mime: PDF_MIME, disposition: download ? 'attachment' : 'inline', filename: document.filename });
    return document.bytes;
  });

  registerRoute(app, pnrPdfRoute, async (request, reply) => {
    const { pnr } = request.params;
    assertValidLink({ secret, path: getPnrPdfPath(pnr), query: request.query });
    const document = await getPnrPdf({ db: app.db, uploadsDir: app.uploadsDir, pnr });
    setDocumentHeaders(reply, { mime: PDF_MIME, disposition: 'inline', filename: document.filename });
    return document.bytes;
  });

  registerRoute(app, pnrExcelRoute, async (request, reply) => {
    const { pnr } = request.params;
    assertValidLink({ secret, path: getPnrExcelPath(pnr), query: request.query });
    const document = await getPnrExcel({ db: app.db, pnr });
    setDocumentHeaders(reply, { mime: XLSX_MIME, disposition: 'attachment', filename: document.filename });
    return document.bytes;
  });

  registerRoute(app, privateFileRoute, async (request, reply) => {
    const { fileId } = request.params;
    assertValidLink({ secret, path: getPrivateFilePath(fileId), query: request.query });
    const file = await openPrivateFile({ db: app.db, uploadsDir: app.uploadsDir, fileId });
    setDocumentHeaders(reply, { mime: file.mime, disposition: 'inline' });
    reply.header('content-length', file.size);
    return file.stream;
  });
}
