import { BALANCE_REPORT_TITLE } from '@portal/contract/ledger';
import { PageHeader } from '@/components/page-header';
import { ReportActions } from '@/components/report-actions';
import { useDownloadAgentsBalance } from '@/features/ledger/api/download-agents-balance';
import { useAgentsBalance } from '@/features/ledger/api/get-agents-balance';
import { AgentsBalanceTable } from '@/features/ledger/components/agents-balance-table';
import { useListPager } from '@/lib/list-params';

/** /dashboard/agents-blnc, Agents Balance (001 §2, admin): the 'Balance Report', printed or exported whole as xlsx. */
export default function AgentsBalanceRoute() {
  const list = useAgentsBalance(useListPager());
  const download = useDownloadAgentsBalance();
  return (
    <>
      <PageHeader
        title={BALANCE_REPORT_TITLE}
        actions={<ReportActions onDownload={() => download.mutate()} downloading={download.isPending} />}
      />
      <AgentsBalanceTable list={list} />
    </>
  );
}
