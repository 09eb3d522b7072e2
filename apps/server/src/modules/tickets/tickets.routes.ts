import {
  availableSectorRoute,
  pnrDetailsRoute,
  pnrRespectToMySectorRoute,
  pnrRespectToMySectorUserRoute,
  searchFlightsRoute,
} from '@portal/contract/tickets';
import type { FastifyInstance } from 'fastify';
import { registerRoute } from '../../lib/route.js';
import { getAvailableSectors, getMySectorTickets, getPnrDetails, searchFlights } from './tickets.usecases.js';

/** Search and tickets (000 §7, issue 4): prices only for signed-in callers (PRODUCT §4). */
export async function ticketsRoutes(app: FastifyInstance): Promise<void> {
  const publicUrl = app.config.publicUrl;

  registerRoute(app, availableSectorRoute, async (request) =>
    getAvailableSectors({ db: app.db, publicUrl, withPrices: request.user !== null }),
  );

  registerRoute(app, searchFlightsRoute, async (request) => ({
    data: await searchFlights({ db: app.db, publicUrl, withPrices: request.user !== null, input: request.body }),
  }));

  registerRoute(app, pnrRespectToMySectorRoute, async (request) =>
    getMySectorTickets({ db: app.db, publicUrl, withPrices: true, mySectorId: request.body.my_sector_id }),
  );

  registerRoute(app, pnrRespectToMySectorUserRoute, async (request) =>
    getMySectorTickets({ db: app.db, publicUrl, withPrices: true, mySectorId: request.body.my_sector_id }),
  );

  registerRoute(app, pnrDetailsRoute, async (request) =>
    getPnrDetails({ db: app.db, publicUrl, secret: app.appSecret, pnr: request.body.pnr }),
  );
}
