import { Text } from '@mantine/core';
import { usePublicSettings } from '@/features/public-site/api/get-public-settings';
import { BankAccountCards } from '@/features/public-site/components/bank-account-cards';
import { usePageMeta } from '@/lib/page-meta';
import { StaticPage } from './static-page';

/** Bank Accounts Details (000 §1): the bank cards; a click on title, account number or IBAN copies it. */
export default function BankAccountsRoute() {
  usePageMeta({
    title: 'Bank Accounts Details',
    description: 'Group Fares bank accounts for payments: account titles, account numbers and IBANs, copied with one click.',
  });
  const { settings } = usePublicSettings();
  return (
    <StaticPage title="Bank Accounts Details" lead="Pay into any of our accounts and share the receipt with your desk.">
      <Text size="sm" c="dimmed" mb="md">
        Click an account title, account number or IBAN to copy it.
      </Text>
      <BankAccountCards accounts={settings.bank_accounts} />
    </StaticPage>
  );
}
