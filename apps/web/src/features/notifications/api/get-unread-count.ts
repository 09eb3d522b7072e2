import { unreadNotificationsCountRoute } from '@portal/contract/notifications';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { notificationsQueryKey } from './get-notifications';

export const unreadCountQueryKey = [...notificationsQueryKey, 'unread-count'] as const;

export function getUnreadCount({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(unreadNotificationsCountRoute, { signal });
}

export function getUnreadCountQueryOptions() {
  return queryOptions({
    queryKey: unreadCountQueryKey,
    queryFn: ({ signal }) => getUnreadCount({ signal }),
  });
}

/** GET unread-notifications-count: the header badge (PRODUCT §4: the real unread count, not the seeds' fixed 0). */
export function useUnreadCount() {
  return useQuery(getUnreadCountQueryOptions());
}
