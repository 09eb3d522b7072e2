import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

const COLUMNS = ['Sector', 'From', 'From-City', 'To', 'To-City', 'Status', 'Action'];

/** /dashboard/sectors (001 §2). Rows arrive with the screen's own issue. */
export default function SectorsRoute() {
  return (
    <>
      <PageHeader title="Sectors"
      actions={<Button leftSection={<IconPlus size={16} />} disabled>Add New sector</Button>} />
      <EmptyTable columns={COLUMNS} emptyText="No Data Found" />
    </>
  );
}
