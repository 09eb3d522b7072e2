import { HEADER_SEARCH_LIMIT, type HeaderSearchResponse } from '@portal/contract/search';
import type { Database } from '../../db/database.js';
import { searchAgentsByEmail } from '../agents/agents.usecases.js';
import type { AuthUser } from '../auth/auth.usecases.js';
import { searchBookingListRows } from '../bookings/booking-lists.usecases.js';
import { searchGroupsByPnr } from '../tickets/tickets.usecases.js';

/** Up to `limit` rows and whether there were more: each list asks for one row beyond the limit. */
function bounded<T>(rows: T[], limit: number): { rows: T[]; more: boolean } {
  return { rows: rows.slice(0, limit), more: rows.length > limit };
}

/**
 * The header search (contract search.ts, decision 023): agents for administrators only, groups by PNR (an agent's
 * only the offered ones) and bookings (an agent's only its own), at most HEADER_SEARCH_LIMIT of each.
 */
export async function searchEverything({
  db,
  publicUrl,
  user,
  query,
}: {
  db: Database;
  publicUrl: string;
  user: AuthUser;
  query: string;
}): Promise<HeaderSearchResponse> {
  const admin = user.role === 'admin';
  const limit = HEADER_SEARCH_LIMIT + 1;
  const [agentRows, groupRows, bookingRows] = await Promise.all([
    admin ? searchAgentsByEmail({ db, query, publicUrl, limit }) : Promise.resolve([]),
    searchGroupsByPnr({ db, publicUrl, query, offeredOnly: !admin, limit }),
    searchBookingListRows({ db, publicUrl, user, query, limit }),
  ]);
  const agents = bounded(agentRows, HEADER_SEARCH_LIMIT);
  const groups = bounded(groupRows, HEADER_SEARCH_LIMIT);
  const bookings = bounded(bookingRows, HEADER_SEARCH_LIMIT);
  return {
    data: { agents: agents.rows, groups: groups.rows, bookings: bookings.rows },
    more: { agents: agents.more, groups: groups.more, bookings: bookings.more },
  };
}
