import {
  agentBookingDetailRoute,
  agentListOfBookingsRoute,
  BOOKING_CONFIRMED_MESSAGE,
  BOOKING_UPDATED_MESSAGE,
  bookingDetailRoute,
  bookingEditDetailRoute,
  bookingUpdateRoute,
  cancelBookingRoute,
  confirmBookingRoute,
  HOLD_TIME_UPDATED_MESSAGE,
  holdTimeUpdateRoute,
  listOfBookingsRoute,
  pendingPaymentsRoute,
  TICKET_CANCELLED_MESSAGE,
  unpaidBookingsRoute,
} from '@portal/contract/booking-lifecycle';
import { PASSENGER_FILE_TOO_LARGE_MESSAGE } from '@portal/contract/bookings';
import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { getPageRequest } from '../../lib/pagination.js';
import { noteWrittenBooking } from '../../plugins/change-scopes.js';
import { auditActorOf } from '../audit/audit.usecases.js';
import { registerRoute } from '../../lib/route.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { notifyLowCredit } from '../credit/credit.usecases.js';
import { notifySafely, type BookingNotice } from '../notifications/notifier.js';
import { cancelBooking, confirmBooking, updateBookingPassengers, updateHoldTime } from './booking-lifecycle.usecases.js';
import {
  getAgentBookingsPage,
  getAllBookingsPage,
  getBookingDetail,
  getBookingEditDetail,
  getUnpaidBookingsPage,
} from './booking-lists.usecases.js';

function requireUser(request: FastifyRequest): AuthUser {
  // The auth hook has already answered 401/403 on user and admin routes without a fitting user.
  if (!request.user) throw new Error('route declared access user/admin but no user is set');
  return request.user;
}

/** Bookings lists, details and lifecycle (000 §7, PRODUCT §4; issue 4). */
export async function bookingLifecycleRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;
  const links = { secret: app.appSecret, publicUrl };
  const pageOf = (request: FastifyRequest, page: number) => getPageRequest({ request, publicUrl, page });
  // PRODUCT §4 Notifications: told after the use case committed; a failure is logged, the answer stays a success.
  const tell = (request: FastifyRequest, notice: BookingNotice) =>
    notifySafely(request.log, () => app.notifier.notifyBookingEvent({ actorUserId: requireUser(request).id, notice }));

  // 000 §5 / §9: a scan over 2 MB in booking-update answers the seed's alert text, as add-booking does. The
  // multipart plugin refuses such a part before the handler runs, so its error is reworded for this module only.
  const parentErrorHandler = app.errorHandler;
  app.setErrorHandler(function bookingLifecycleErrorHandler(error: FastifyError, request, reply) {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ message: PASSENGER_FILE_TOO_LARGE_MESSAGE });
    return parentErrorHandler.call(this, error, request, reply);
  });

  registerRoute(app, listOfBookingsRoute, async (request) =>
    getAllBookingsPage({ db: app.db, publicUrl, pageRequest: pageOf(request, request.query.page), query: request.query }),
  );

  registerRoute(app, agentListOfBookingsRoute, async (request) =>
    getAgentBookingsPage({
      db: app.db,
      publicUrl,
      pageRequest: pageOf(request, request.query.page),
      user: requireUser(request),
      query: request.query,
    }),
  );

  registerRoute(app, pendingPaymentsRoute, async (request) =>
    getUnpaidBookingsPage({
      db: app.db,
      publicUrl,
      pageRequest: pageOf(request, request.query.page),
      user: requireUser(request),
      query: request.query,
    }),
  );

  registerRoute(app, unpaidBookingsRoute, async (request) =>
    getUnpaidBookingsPage({
      db: app.db,
      publicUrl,
      pageRequest: pageOf(request, request.query.page),
      user: requireUser(request),
      query: request.query,
    }),
  );

  registerRoute(app, bookingDetailRoute, async (request) =>
    getBookingDetail({ db: app.db, links, user: requireUser(request), bookingId: request.body.booking_id }),
  );

  registerRoute(app, agentBookingDetailRoute, async (request) =>
    getBookingDetail({ db: app.db, links, user: requireUser(request), bookingId: request.body.booking_id }),
  );

  registerRoute(app, bookingEditDetailRoute, async (request) => ({
    data: { data: await getBookingEditDetail({ db: app.db, links, user: requireUser(request), bookingId: request.body.booking_id }) },
  }));

  registerRoute(app, bookingUpdateRoute, async (request) => {
    await updateBookingPassengers({ db: app.db, uploadsDir: app.uploadsDir, user: requireUser(request), actor: auditActorOf(request), input: request.body });
    return { message: BOOKING_UPDATED_MESSAGE };
  });

  registerRoute(app, confirmBookingRoute, async (request) => {
    const result = await confirmBooking({ db: app.db, adminId: requireUser(request).id, actor: auditActorOf(request), input: request.body });
    await tell(request, { kind: 'confirmed', bookingId: request.body.booking_id });
    await notifyLowCredit({ notifier: app.notifier, log: request.log, notice: result.lowCredit });
    return { message: BOOKING_CONFIRMED_MESSAGE };
  });

  registerRoute(app, holdTimeUpdateRoute, async (request) => {
    await updateHoldTime({ db: app.db, adminId: requireUser(request).id, actor: auditActorOf(request), input: request.body });
    await tell(request, { kind: 'hold_changed', bookingId: request.body.booking_id });
    return { message: HOLD_TIME_UPDATED_MESSAGE };
  });

  registerRoute(app, cancelBookingRoute, async (request) => {
    const written = await cancelBooking({
      db: app.db,
      user: requireUser(request),
      actor: auditActorOf(request),
      bookingId: request.params.id,
      cancellationCharge: request.query.cancellation_charge,
    });
    noteWrittenBooking(request, written);
    await tell(request, { kind: 'cancelled', bookingId: request.params.id });
    return { message: TICKET_CANCELLED_MESSAGE };
  });
}
