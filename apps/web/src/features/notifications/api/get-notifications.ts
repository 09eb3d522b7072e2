import { listNotificationsRoute } from '@portal/contract/notifications';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

/** Every notifications answer (list pages, the unread count) starts with this key; a push invalidates it. */
export const notificationsQueryKey = ['notifications'] as const;

export function getNotifications({ page, signal }: { page: number; signal?: AbortSignal }) {
  return apiRequest(listNotificationsRoute, { query: { page }, signal });
}

export function getNotificationsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...notificationsQueryKey, 'list', { page }],
    queryFn: ({ signal }) => getNotifications({ page, signal }),
    // New notifications arrive from other users' actions: the page asks again whenever it is opened.
    staleTime: 0,
  });
}

/** GET listofnotification?page=N (000 §7): the caller's notifications, newest first, page by page. */
export function useNotifications(pager?: ListPager) {
  return usePagedList({ pageQuery: getNotificationsQueryOptions, pager });
}
