import { getEmailRoute } from '@portal/contract/emails';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { emailsQueryKey } from './get-emails';

export function getEmail({ id, signal }: { id: number; signal?: AbortSignal }) {
  return apiRequest(getEmailRoute, { params: { id }, signal });
}

export function getEmailQueryOptions(id: number) {
  return queryOptions({
    queryKey: [...emailsQueryKey, 'detail', id],
    queryFn: ({ signal }) => getEmail({ id, signal }),
  });
}

/** GET email/{id}: one message with its text, loaded when the View dialog opens. */
export function useEmail(id: number, { enabled }: { enabled: boolean }) {
  return useQuery({ ...getEmailQueryOptions(id), enabled });
}
