import { AccountReportPage } from '@/features/ledger/components/account-report';

/** /dashboard/accounts (001 §2): My Ledger for role user, Agent Ledger for admin. */
export default function AccountsRoute() {
  return <AccountReportPage />;
}
