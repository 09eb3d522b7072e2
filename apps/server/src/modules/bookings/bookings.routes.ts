import {
  addBookingRoute,
  BOOKING_ADDED_MESSAGE,
  checkAvailabilityRoute,
  PASSENGER_FILE_TOO_LARGE_MESSAGE,
  searchAgentRoute,
} from '@portal/contract/bookings';
import type { FastifyError, FastifyInstance } from 'fastify';
import { auditActorOf } from '../audit/audit.usecases.js';
import { warmImageWorker } from '../../lib/images.js';
import { registerRoute } from '../../lib/route.js';
import { noteWrittenBooking } from '../../plugins/change-scopes.js';
import { phasesOf } from '../../plugins/server-timing.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { notifyLowCredit } from '../credit/credit.usecases.js';
import { addBooking, checkAvailability, searchAgents } from './bookings.usecases.js';

function requireUser(user: AuthUser | null): AuthUser {
  // The auth hook has already answered 401 on user routes without a session.
  if (!user) throw new Error('route declared access user but no user is set');
  return user;
}

function readHeader(value: string | string[] | undefined): string | undefined {
  return Array.isArray(value) ? value[0] : value;
}

/** Creating bookings (000 §7, issue 4): check-availbility, add-booking, searchagent. */
export async function bookingsRoutes(app: FastifyInstance): Promise<void> {
  // 000 §5 / §9: a passport or visa scan over 2 MB answers the seed's own text. The multipart plugin refuses
  // such a part before the handler runs, so its error is reworded here, for this module's routes only.
  const parentErrorHandler = app.errorHandler;
  app.setErrorHandler(function bookingsErrorHandler(error: FastifyError, request, reply) {
    if (error.code === 'FST_REQ_FILE_TOO_LARGE') return reply.code(413).send({ message: PASSENGER_FILE_TOO_LARGE_MESSAGE });
    return parentErrorHandler.call(this, error, request, reply);
  });

  registerRoute(app, checkAvailabilityRoute, async (request) => {
    // Decision 059: the booking dialog has opened; its scans will be re-encoded in the image worker, started now.
    void warmImageWorker();
    return { data: await checkAvailability({ db: app.db, body: request.body }) };
  });

  registerRoute(app, addBookingRoute, async (request, reply) => {
    // SERVER_TIMING=1 (decision 059): the phases of the booking; `pre` is the validation and sign-in check.
    const phases = phasesOf(request);
    phases?.lap('pre');
    const result = await addBooking({
      db: app.db,
      uploadsDir: app.uploadsDir,
      caller: requireUser(request.user),
      actor: auditActorOf(request),
      body: request.body,
      idempotencyKey: readHeader(request.headers['idempotency-key']),
      phases,
    });
    // PRODUCT §4 Notifications: a replayed Idempotency-Key made no booking, so it tells nobody again.
    // Decision 051: the booking's notifications were stored with it; they are pushed now that it has committed.
    if (result.written) noteWrittenBooking(request, result.written);
    if (!result.replayed) {
      app.notifier.pushStored(result.notifications);
      await notifyLowCredit({ notifier: app.notifier, log: request.log, notice: result.lowCredit });
    }
    phases?.lap('after');
    reply.code(result.replayed ? 200 : 201);
    return { message: BOOKING_ADDED_MESSAGE, data: { id: result.id } };
  });

  registerRoute(app, searchAgentRoute, async (request) => ({
    data: await searchAgents({ db: app.db, query: request.body.searchquery }),
  }));
}
