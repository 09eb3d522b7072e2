import { XLSX_MIME } from '@portal/contract/documents';
import { insightsXlsxRoute, receivablesByAgeRoute, salesReceiptsRoute, seatsBySectorRoute } from '@portal/contract/insights';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { setDocumentHeaders } from '../documents/document-reply.js';
import { renderInsightXlsx } from './insights-xlsx.js';
import { getReceivablesByAge, getSalesAndReceipts, getSeatsBySector } from './insights.usecases.js';

/** Insights for admins (PRODUCT §6, issue 19 point 4, decision 034): three reports and their xlsx. */
export async function insightsRoutes(app: FastifyInstance): Promise<void> {
  registerRoute(app, salesReceiptsRoute, async () => ({ data: await getSalesAndReceipts({ db: app.db }) }));
  registerRoute(app, seatsBySectorRoute, async () => ({ data: await getSeatsBySector({ board: app.ticketBoard }) }));
  registerRoute(app, receivablesByAgeRoute, async () => ({ data: await getReceivablesByAge({ db: app.db }) }));

  registerRoute(app, insightsXlsxRoute, async (request, reply) => {
    const document = await renderInsightXlsx({ db: app.db, board: app.ticketBoard, report: request.query.report });
    setDocumentHeaders(reply, { mime: XLSX_MIME, disposition: 'attachment', filename: document.filename });
    return document.bytes;
  });
}
