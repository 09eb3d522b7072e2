import { pnrRespectToMySectorRoute, pnrRespectToMySectorUserRoute } from '@portal/contract/tickets';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isAdmin, useSession } from '@/lib/session';
import { ticketsQueryKey } from './get-available-sectors';

/** 000 §7: admins call pnr-respect-to-mysector, everyone else pnr-respect-to-mysector-user. */
export function getMySectorTickets({ mySectorId, admin, signal }: { mySectorId: number; admin: boolean; signal?: AbortSignal }) {
  const body = { my_sector_id: mySectorId };
  return admin
    ? apiRequest(pnrRespectToMySectorRoute, { body, signal })
    : apiRequest(pnrRespectToMySectorUserRoute, { body, signal });
}

export function getMySectorTicketsQueryOptions(mySectorId: number, admin: boolean) {
  return queryOptions({
    queryKey: [...ticketsQueryKey, 'my-sector', { mySectorId, admin }],
    queryFn: ({ signal }) => getMySectorTickets({ mySectorId, admin, signal }),
  });
}

/** The tickets of one my-sector, grouped by sector (Booking List page). */
export function useMySectorTickets(mySectorId: number) {
  const admin = isAdmin(useSession());
  return useQuery({ ...getMySectorTicketsQueryOptions(mySectorId, admin), enabled: mySectorId > 0 });
}
