import { dashboardDeadlinesRoute, type DeadlineRow } from '@portal/contract/deadlines';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { dashboardQueryKey } from './get-dashboard';

/** GET dashboard-deadlines (admins, PRODUCT §6, decision 030): the next 14 days' deadlines with what is missing. */
export async function getDeadlines({ signal }: { signal?: AbortSignal } = {}): Promise<DeadlineRow[]> {
  return (await apiRequest(dashboardDeadlinesRoute, { signal })).data;
}

export function getDeadlinesQueryOptions() {
  return queryOptions({
    // Under the dashboard's key, so whatever refreshes the dashboard refreshes this list too.
    queryKey: [...dashboardQueryKey, 'deadlines'],
    queryFn: ({ signal }) => getDeadlines({ signal }),
    staleTime: 0,
  });
}

export function useDeadlines({ enabled }: { enabled: boolean }) {
  return useQuery({ ...getDeadlinesQueryOptions(), enabled });
}
