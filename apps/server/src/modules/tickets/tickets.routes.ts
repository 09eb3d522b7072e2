import {
  availableSectorRoute,
  pnrDetailsRoute,
  pnrRespectToMySectorRoute,
  pnrRespectToMySectorUserRoute,
  searchFlightsRoute,
} from '@portal/contract/tickets';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { Ticket, TicketSectorGroup } from '@portal/contract/tickets';
import { registerRoute } from '../../lib/route.js';
import { groupScope } from '../../plugins/change-scopes.js';
import { addReadScopes } from '../../plugins/read-cache.js';
import { getAvailableSectors, getMySectorTickets, getPnrDetails, searchFlights } from './tickets.usecases.js';

/** The answer shows these tickets' sold seats: the read cache keeps it until one of their groups changes (decision 040). */
function showsTickets<T extends { tickets: TicketSectorGroup[] }>(request: FastifyRequest, answer: T): T {
  addReadScopes(request, answer.tickets.flatMap((sector) => sector.tickets.map((ticket) => groupScope(ticket.id))));
  return answer;
}

function showsTicketList(request: FastifyRequest, tickets: Ticket[]): Ticket[] {
  addReadScopes(request, tickets.map((ticket) => groupScope(ticket.id)));
  return tickets;
}

/** Search and tickets (000 §7, issue 4): prices only for signed-in callers (PRODUCT §4). */
export async function ticketsRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, availableSectorRoute, async (request) =>
    showsTickets(request, await getAvailableSectors({ db: app.db, publicUrl, withPrices: request.user !== null })),
  );

  registerRoute(app, searchFlightsRoute, async (request) => ({
    data: showsTicketList(request, await searchFlights({ db: app.db, publicUrl, withPrices: request.user !== null, input: request.body })),
  }));

  registerRoute(app, pnrRespectToMySectorRoute, async (request) =>
    showsTickets(request, await getMySectorTickets({ db: app.db, publicUrl, withPrices: true, mySectorId: request.body.my_sector_id })),
  );

  registerRoute(app, pnrRespectToMySectorUserRoute, async (request) =>
    showsTickets(request, await getMySectorTickets({ db: app.db, publicUrl, withPrices: true, mySectorId: request.body.my_sector_id })),
  );

  registerRoute(app, pnrDetailsRoute, async (request) =>
    getPnrDetails({ db: app.db, publicUrl, secret: app.appSecret, pnr: request.body.pnr }),
  );
}
