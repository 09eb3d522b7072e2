import { BALANCE_REPORT_TITLE } from '@portal/contract/ledger';
import { PageHeader } from '@/components/page-header';
import { useAgentsBalance } from '@/features/ledger/api/get-agents-balance';
import { AgentsBalanceTable } from '@/features/ledger/components/agents-balance-table';
import { useListPager } from '@/lib/list-params';

/** /dashboard/agents-blnc, Agents Balance (001 §2, admin): the 'Balance Report'. */
export default function AgentsBalanceRoute() {
  const list = useAgentsBalance(useListPager());
  return (
    <>
      <PageHeader title={BALANCE_REPORT_TITLE} />
      <AgentsBalanceTable list={list} />
    </>
  );
}
