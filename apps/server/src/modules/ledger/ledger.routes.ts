import { XLSX_MIME } from '@portal/contract/documents';
import { accountReportRoute, accountReportXlsxRoute, AGENTS_BALANCE_PER_PAGE, agentsBalanceRoute, agentsBalanceXlsxRoute } from '@portal/contract/ledger';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { getKarachiToday } from '../../lib/karachi-date.js';
import { getPageRequest } from '../../lib/pagination.js';
import { sendJsonBytes } from '../../lib/json-bytes.js';
import { offerGzip } from '../../plugins/compression.js';
import { registerRoute } from '../../lib/route.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { setDocumentHeaders } from '../documents/document-reply.js';
import { renderAgentsBalanceXlsx, renderLedgerXlsx } from './ledger-xlsx.js';
import { getAccountReport, getAccountReportJson, getAgentsBalancePage, getAgentsBalanceReport, ledgerStoreOf } from './ledger.usecases.js';

function requireUser(request: FastifyRequest): AuthUser {
  // The auth hook has already answered 401 on user routes without a caller.
  if (!request.user) throw new Error('route declared access user but no user is set');
  return request.user;
}

/** The agent ledger and the balance report (001 §7 account-api, allagentsbalancelist; issue 5). */
export async function ledgerRoutes(app: FastifyInstance): Promise<void> {
  // The agents' ledgers held as JSON bytes and brought up to date on each computed answer (decision 050); a 15,000-row
  // ledger is neither 15,000 objects nor run through the zod serialiser (decision 042).
  const store = ledgerStoreOf(app.db);
  registerRoute(app, accountReportRoute, async (request, reply) => {
    const { bytes, gzip } = await getAccountReportJson({ db: app.db, store, user: requireUser(request), input: request.body });
    if (gzip) offerGzip(request, gzip);
    return sendJsonBytes(reply, bytes);
  });

  // The same report as a spreadsheet, for the same agent and range (issue 21 §8, decision 022).
  registerRoute(app, accountReportXlsxRoute, async (request, reply) => {
    const report = await getAccountReport({ db: app.db, store, user: requireUser(request), input: request.query });
    const document = await renderLedgerXlsx(report);
    setDocumentHeaders(reply, { mime: XLSX_MIME, disposition: 'attachment', filename: document.filename });
    return document.bytes;
  });

  // The whole Balance Report as a spreadsheet, every agent rather than the page on screen (PRODUCT §6).
  registerRoute(app, agentsBalanceXlsxRoute, async (_request, reply) => {
    const document = await renderAgentsBalanceXlsx({ rows: await getAgentsBalanceReport({ db: app.db }), today: getKarachiToday() });
    setDocumentHeaders(reply, { mime: XLSX_MIME, disposition: 'attachment', filename: document.filename });
    return document.bytes;
  });

  registerRoute(app, agentsBalanceRoute, async (request) =>
    getAgentsBalancePage({
      db: app.db,
      pageRequest: getPageRequest({ request, publicUrl: app.config.publicUrl, page: request.query.page, perPage: AGENTS_BALANCE_PER_PAGE }),
    }),
  );
}
