import { IconBuildingBank } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { StaticPage } from './static-page';

/**
 * Bank Accounts Details (000 §1). The 8 bank cards (copy title, account number or IBAN with a
 * 'Copied' toast) arrive with their issue; the seeds give no account data to show yet.
 */
export default function BankAccountsRoute() {
  return (
    <StaticPage title="Bank Accounts Details" lead="Pay into any of our accounts and share the receipt with your desk.">
      <EmptyState text="No Data Found" icon={<IconBuildingBank size={26} stroke={1.5} />} />
    </StaticPage>
  );
}
