import {
  availableSectorRoute,
  pnrDetailsRoute,
  pnrRespectToMySectorRoute,
  pnrRespectToMySectorUserRoute,
  searchFlightsRoute,
} from '@portal/contract/tickets';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { sendJsonBytes, type JsonBytes } from '../../lib/json-bytes.js';
import { registerRoute } from '../../lib/route.js';
import { groupScope } from '../../plugins/change-scopes.js';
import { addReadScopes } from '../../plugins/read-cache.js';
import { getPnrDetails } from './tickets.usecases.js';

/**
 * The answer shows these groups' sold seats: the read cache keeps it until one of their groups changes (decision 040).
 * Sent as the board's JSON bytes (decision 047), not through the response serialiser.
 */
function showsTickets<T>(request: FastifyRequest, reply: FastifyReply, answer: { bytes: JsonBytes<T>; groupIds: number[] }): T {
  addReadScopes(request, answer.groupIds.map(groupScope));
  return sendJsonBytes(reply, answer.bytes);
}

/** Search and tickets (000 §7, issue 4): prices only for signed-in callers (PRODUCT §4). */
export async function ticketsRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;
  // The shared ticket reads, from memory (decision 047): it hears every change this process makes or is told of.
  const board = app.ticketBoard;

  registerRoute(app, availableSectorRoute, async (request, reply) => showsTickets(request, reply, await board.availableSectors(request.user !== null)));

  registerRoute(app, searchFlightsRoute, async (request, reply) =>
    showsTickets(request, reply, await board.search(request.body, request.user !== null)),
  );

  registerRoute(app, pnrRespectToMySectorRoute, async (request, reply) =>
    showsTickets(request, reply, await board.mySectorTickets(request.body.my_sector_id, true)),
  );

  registerRoute(app, pnrRespectToMySectorUserRoute, async (request, reply) =>
    showsTickets(request, reply, await board.mySectorTickets(request.body.my_sector_id, true)),
  );

  registerRoute(app, pnrDetailsRoute, async (request) =>
    getPnrDetails({ db: app.db, publicUrl, secret: app.appSecret, pnr: request.body.pnr }),
  );
}
