import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

const COLUMNS = ['Logo', 'Full Name', 'Short Name', 'Status', 'Action'];

/** /dashboard/airlines (001 §2). Rows arrive with the screen's own issue. */
export default function AirlinesRoute() {
  return (
    <>
      <PageHeader title="Airlines"
      actions={<Button leftSection={<IconPlus size={16} />} disabled>Add New Airline</Button>} />
      <EmptyTable columns={COLUMNS} emptyText="No Data Found" />
    </>
  );
}
