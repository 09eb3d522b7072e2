import { listEmailsRoute } from '@portal/contract/emails';
import { queryOptions } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import type { ListPager } from '@/lib/list-params';
import { usePagedList } from '@/lib/paged-list';

export const emailsQueryKey = ['emails'] as const;

export function getEmails({ page, signal }: { page: number; signal?: AbortSignal }) {
  return apiRequest(listEmailsRoute, { query: { page }, signal });
}

export function getEmailsQueryOptions(page: number) {
  return queryOptions({
    queryKey: [...emailsQueryKey, 'list', { page }],
    queryFn: ({ signal }) => getEmails({ page, signal }),
  });
}

/** GET listofemails?page=N: the outbox, newest first, page by page (001 §4). */
export function useEmails(pager?: ListPager) {
  return usePagedList({ pageQuery: getEmailsQueryOptions, pager });
}
