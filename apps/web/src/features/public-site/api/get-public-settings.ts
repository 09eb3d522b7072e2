import { publicSettingsRoute, type PublicSettings } from '@portal/contract/settings';
import { queryOptions, useQuery } from '@tanstack/react-query';
import { fallbackPublicSettings } from '@/config/contact';
import { apiRequest } from '@/lib/api-client';

export const publicSettingsQueryKey = ['public-settings'] as const;

export function getPublicSettings({ signal }: { signal?: AbortSignal } = {}) {
  return apiRequest(publicSettingsRoute, { signal });
}

export function getPublicSettingsQueryOptions() {
  return queryOptions({
    queryKey: publicSettingsQueryKey,
    queryFn: ({ signal }) => getPublicSettings({ signal }),
    select: (answer) => answer.data,
    // Desks and accounts change rarely (an admin edits them in Settings).
    staleTime: 5 * 60_000,
  });
}

/**
 * GET public-settings (issue 7): the contact desks, bank accounts and support e-mail an admin keeps in Settings.
 * While it loads, or when it fails, the placeholders of config/contact.ts stand in, so Contact Us and Bank
 * Accounts never show an empty page; an empty list from the server also falls back, field by field.
 */
export function usePublicSettings(): { settings: PublicSettings; isPending: boolean } {
  const query = useQuery(getPublicSettingsQueryOptions());
  const data = query.data;
  return {
    isPending: query.isPending,
    settings: {
      contact_desks: data?.contact_desks.length ? data.contact_desks : fallbackPublicSettings.contact_desks,
      bank_accounts: data?.bank_accounts.length ? data.bank_accounts : fallbackPublicSettings.bank_accounts,
      support_email: data?.support_email || fallbackPublicSettings.support_email,
    },
  };
}
