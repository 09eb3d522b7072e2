import {
  IMPORT_DRY_RUN_MESSAGE,
  importTicketNumbersRoute,
  pnrNameListRoute,
  pnrPassengersRoute,
  ticketNumbersImportedMessage,
  TICKET_NUMBERS_SAVED_MESSAGE,
  updateTicketNumbersRoute,
} from '@portal/contract/ticketing';
import { isFormFile } from '@portal/contract/files';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { auditActorOf } from '../audit/audit.usecases.js';
import { notifySafely } from '../notifications/notifier.js';
import { createImportUnreadableError } from './ticketing.errors.js';
import { getPnrNameList, getPnrPassengers, importTicketNumbers, updateTicketNumbers } from './ticketing.usecases.js';

function requireUserId(request: FastifyRequest): number {
  // The auth hook has already answered 401/403 on admin routes without an admin.
  if (!request.user) throw new Error('route declared access admin but no user is set');
  return request.user.id;
}

/** Ticket numbers and the airline name list (PRODUCT §6; issue 18 points 5 and 6; decision 031). */
export async function ticketingRoutes(app: FastifyInstance): Promise<void> {
  // PRODUCT §6: the agent is told when its booking becomes ticketed, after the use case committed.
  const tellTicketed = (request: FastifyRequest, bookingIds: number[]) =>
    notifySafely(request.log, async () => {
      for (const bookingId of bookingIds) {
        await app.notifier.notifyBookingEvent({ actorUserId: requireUserId(request), notice: { kind: 'ticketed', bookingId } });
      }
    });

  registerRoute(app, updateTicketNumbersRoute, async (request) => {
    const result = await updateTicketNumbers({ db: app.db, actor: auditActorOf(request), input: request.body });
    if (result.becameTicketed) await tellTicketed(request, [request.body.booking_id]);
    return { message: TICKET_NUMBERS_SAVED_MESSAGE, data: { booking_id: request.body.booking_id, ticketed: result.ticketed ? 1 : 0 } };
  });

  registerRoute(app, importTicketNumbersRoute, async (request) => {
    const { file, dry_run: dryRun } = request.body;
    // The web sends a File; over HTTP the multipart plugin hands over its bytes (lib/form-body.ts).
    if (!isFormFile(file) || !('data' in file)) throw createImportUnreadableError();
    const result = await importTicketNumbers({ db: app.db, actor: auditActorOf(request), bytes: file.data, dryRun: dryRun === 1 });
    await tellTicketed(request, result.ticketedBookings);
    return {
      message: dryRun === 1 ? IMPORT_DRY_RUN_MESSAGE : ticketNumbersImportedMessage(result.saved),
      data: {
        dry_run: dryRun,
        matched: result.matched,
        unmatched: result.unmatched,
        saved: result.saved,
        ticketed_bookings: result.ticketedBookings,
      },
    };
  });

  registerRoute(app, pnrPassengersRoute, async (request) => getPnrPassengers({ db: app.db, pnr: request.query.pnr }));

  registerRoute(app, pnrNameListRoute, async (request, reply) => {
    const text = await getPnrNameList({ db: app.db, pnr: request.query.pnr });
    reply.type('text/plain; charset=utf-8');
    return text;
  });
}
