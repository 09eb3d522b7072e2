import { getSettingsRoute } from '@portal/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';

export const settingsQueryKey = ['settings'] as const;

export function getSettings({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(getSettingsRoute, { signal });
}

export function getSettingsQueryOptions() {
  return queryOptions({ queryKey: settingsQueryKey, queryFn: ({ signal }) => getSettings({ signal }) });
}

/** GET settings (admin): hold window, desks, bank accounts, support e-mail. */
export function useSettings() {
  return useQuery(getSettingsQueryOptions());
}
