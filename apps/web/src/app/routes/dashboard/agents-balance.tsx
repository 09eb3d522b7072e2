import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

const COLUMNS = ['Sr. #', 'Agent Id', 'Agent', 'Last Paid', 'Balance'];

/** /dashboard/agents-blnc, Agents Balance (001 §2). Rows arrive with the screen's own issue. */
export default function AgentsBalanceRoute() {
  return (
    <>
      <PageHeader title="Balance Report" />
      <EmptyTable columns={COLUMNS} emptyText="No Record found." />
    </>
  );
}
