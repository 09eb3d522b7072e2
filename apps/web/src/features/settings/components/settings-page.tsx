import { Stack, Text } from '@mantine/core';
import { errorMessage } from '@/lib/api-client';
import { useSettings } from '../api/get-settings';
import { AdminUsersTable } from './admin-users-table';
import { BankAccountsForm } from './bank-accounts-form';
import { ContactDesksForm } from './contact-desks-form';
import { HoldWindowForm } from './hold-window-form';

/** Settings (001 §2; PRODUCT §5; issue 7): admin users, hold window, contact desks, bank accounts. */
export function SettingsSections() {
  const settings = useSettings();
  return (
    <Stack gap="lg">
      <AdminUsersTable />
      {settings.isPending ? (
        <Text c="dimmed">Loading...</Text>
      ) : settings.isError ? (
        <Text c="red">{errorMessage(settings.error)}</Text>
      ) : (
        <>
          <HoldWindowForm minutes={settings.data.data.hold_window_minutes} />
          <ContactDesksForm desks={settings.data.data.contact_desks} />
          <BankAccountsForm accounts={settings.data.data.bank_accounts} />
        </>
      )}
    </Stack>
  );
}
