import { shareTextRoute, type ShareTextInput } from '@portal/contract/share';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const shareTextRootKey = ['share-text'] as const;

/** What a Share menu shares: one group, or a sector's groups of one day (decision 026). */
export type ShareTarget = { groupId: number } | { sector: string; date: string };

function toQuery(target: ShareTarget): ShareTextInput {
  return 'groupId' in target ? { group_id: target.groupId } : { sector: target.sector.replace(/\s+/g, ''), date: target.date };
}

export function getShareText({ target, signal }: { target: ShareTarget; signal?: AbortSignal }) {
  return apiRequest(shareTextRoute, { query: toQuery(target), signal });
}

export function getShareTextQueryOptions(target: ShareTarget) {
  return queryOptions({
    queryKey: [...shareTextRootKey, toQuery(target)],
    queryFn: async ({ signal }) => (await getShareText({ target, signal })).data,
    // Asked afresh each time a menu opens: fares, open groups and the agent's markup may have changed since.
    staleTime: 0,
  });
}

/** GET share-text, asked for only while the Share menu is open (`enabled`). */
export function useShareText(target: ShareTarget, enabled: boolean) {
  return useQuery({ ...getShareTextQueryOptions(target), enabled });
}
