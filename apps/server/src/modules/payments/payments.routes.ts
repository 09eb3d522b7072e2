import {
  addPaymentRoute,
  allPendingPaymentsRoute,
  deletePaymentRoute,
  editPaymentRoute,
  generalReportXlsxRoute,
  PAYMENT_ADDED_MESSAGE,
  PAYMENT_DELETED_MESSAGE,
  PAYMENT_UPDATED_MESSAGE,
} from '@portal/contract/payments';
import { XLSX_MIME } from '@portal/contract/documents';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { auditActorOf } from '../audit/audit.usecases.js';
import { registerRoute } from '../../lib/route.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { notifySafely, type BookingNotice } from '../notifications/notifier.js';
import { setDocumentHeaders } from '../documents/document-reply.js';
import { renderGeneralReportXlsx } from './general-report-xlsx.js';
import { addPayment, deletePayment, editPayment, getGeneralReport } from './payments.usecases.js';

function requireUser(request: FastifyRequest): AuthUser {
  // The auth hook has already answered 401/403 on admin routes without an admin.
  if (!request.user) throw new Error('route declared access admin but no user is set');
  return request.user;
}

/** Payments and the General Report (000 §2 Payments page, §5 Payment dialog, §7; PRODUCT §4; issue 5). */
export async function paymentsRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;
  // PRODUCT §4 Notifications: the booking's agent is told after the use case committed; a failure is only logged.
  const tell = (request: FastifyRequest, notice: BookingNotice) =>
    notifySafely(request.log, () => app.notifier.notifyBookingEvent({ actorUserId: requireUser(request).id, notice }));

  registerRoute(app, addPaymentRoute, async (request) => {
    await addPayment({ db: app.db, adminId: requireUser(request).id, actor: auditActorOf(request), input: request.body });
    await tell(request, { kind: 'payment_added', bookingId: request.body.booking_id, amount: request.body.receive_amount });
    return { message: PAYMENT_ADDED_MESSAGE };
  });

  registerRoute(app, editPaymentRoute, async (request) => {
    await editPayment({ db: app.db, adminId: requireUser(request).id, actor: auditActorOf(request), input: request.body });
    await tell(request, { kind: 'payment_edited', paymentId: request.body.payment_id });
    return { message: PAYMENT_UPDATED_MESSAGE };
  });

  registerRoute(app, deletePaymentRoute, async (request) => {
    await deletePayment({ db: app.db, adminId: requireUser(request).id, actor: auditActorOf(request), input: request.body });
    await tell(request, { kind: 'payment_deleted', paymentId: request.body.payment_id });
    return { message: PAYMENT_DELETED_MESSAGE };
  });

  registerRoute(app, allPendingPaymentsRoute, async (request) => getGeneralReport({ db: app.db, publicUrl, query: request.query }));

  registerRoute(app, generalReportXlsxRoute, async (request, reply) => {
    const report = await getGeneralReport({ db: app.db, publicUrl, query: request.query });
    const document = await renderGeneralReportXlsx({ report: report.data, query: request.query });
    setDocumentHeaders(reply, { mime: XLSX_MIME, disposition: 'attachment', filename: document.filename });
    return document.bytes;
  });
}
