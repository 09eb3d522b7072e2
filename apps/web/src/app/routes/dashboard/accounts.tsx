import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';
import { isAdmin, useSession } from '@/lib/session';

const COLUMNS = ['Date', 'Description', 'PNR', 'Debit', 'Credit', 'Balance'];

/** /dashboard/accounts (001 §2): My Ledger for role user, Agent Ledger for admin. */
export default function AccountsRoute() {
  const admin = isAdmin(useSession());
  return (
    <>
      <PageHeader
        title={admin ? 'Agent Ledger' : 'My Ledger'}
        description={admin ? 'Choose an agent to see the account report.' : 'Your bookings and payments.'}
      />
      <EmptyTable columns={COLUMNS} emptyText="No Record found" />
    </>
  );
}
