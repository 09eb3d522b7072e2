import {
  dashboardSummaryRoute,
  userDashboardRoute,
  type AdminDashboard,
  type UserDashboard,
} from '@portal/contract/dashboard';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { isAdmin, useSession } from '@/lib/session';

export const dashboardQueryKey = ['dashboard'] as const;

export type Dashboard = AdminDashboard | UserDashboard;

/** The admin answer carries the counts and lists; an agent's only sector cards and buttons (000 §6). */
export const isAdminDashboard = (data: Dashboard | undefined): data is AdminDashboard =>
  data !== undefined && 'overall_summary' in data;

/** GET dashboardsummary (admin) or user-dashboard (everyone else), 000 §7. */
export async function getDashboard({ admin, signal }: { admin: boolean; signal?: AbortSignal }): Promise<Dashboard> {
  const answer = admin
    ? await apiRequest(dashboardSummaryRoute, { signal })
    : await apiRequest(userDashboardRoute, { signal });
  return answer.data;
}

/** The key holds the user: another account signed in on this tab must not see the cached counts. */
export function getDashboardQueryOptions(admin: boolean, userId: number | null) {
  return queryOptions({
    queryKey: [...dashboardQueryKey, admin ? 'admin' : 'user', { userId }],
    queryFn: ({ signal }) => getDashboard({ admin, signal }),
    // Bookings and payments change the counts from other screens: every visit asks again.
    staleTime: 0,
  });
}

/**
 * The dashboard of the signed-in role. A 401 'Unauthenticated.' needs nothing here: the api client
 * clears the session and the dashboard guard sends the user to /signin (000 §8).
 */
export function useDashboard() {
  const session = useSession();
  return useQuery(getDashboardQueryOptions(isAdmin(session), session?.user_id ?? null));
}
