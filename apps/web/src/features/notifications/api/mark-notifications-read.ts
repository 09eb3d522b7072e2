import { markNotificationsReadRoute, type MarkReadInput } from '@portal/contract/notifications';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { unreadCountQueryKey } from './get-unread-count';

export function markNotificationsRead(input: MarkReadInput) {
  return apiRequest(markNotificationsReadRoute, { body: input });
}

/**
 * POST mark-notifications-read. The answer carries the new unread count, which the badge takes at once; the
 * list is not asked again, so the page keeps showing which rows were new when it was opened.
 */
export function useMarkNotificationsRead() {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: markNotificationsRead,
    onSuccess: (answer) => {
      queryClient.setQueryData(unreadCountQueryKey, { count: answer.count });
    },
  });
}
