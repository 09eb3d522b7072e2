import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

const COLUMNS = ['Image', 'Title', 'Target', 'Status', 'Action'];

/** /dashboard/dash-btn, Custom Btn (001 §2). Rows arrive with the screen's own issue. */
export default function DashBtnRoute() {
  return (
    <>
      <PageHeader title="All Buttons"
      actions={<Button leftSection={<IconPlus size={16} />} disabled>Add Buttons</Button>} />
      <EmptyTable columns={COLUMNS} emptyText="No Data Found" />
    </>
  );
}
