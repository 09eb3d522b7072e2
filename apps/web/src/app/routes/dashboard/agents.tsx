import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

const COLUMNS = ['Name', 'Email', 'Number', 'Status', 'Action'];

/** /dashboard/agents (001 §2). Rows arrive with the screen's own issue. */
export default function AgentsRoute() {
  return (
    <>
      <PageHeader title="Agents"
      actions={<Button leftSection={<IconPlus size={16} />} disabled>Add New Agent</Button>} />
      <EmptyTable columns={COLUMNS} emptyText="No Agent Found" />
    </>
  );
}
