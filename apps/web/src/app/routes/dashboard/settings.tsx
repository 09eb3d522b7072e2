import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

const COLUMNS = ['Name', 'Email', 'Role', 'Status', 'Action'];

/** /dashboard/settings: User Management (001 §2, PRODUCT §5). Rows arrive with the screen's own issue. */
export default function SettingsRoute() {
  return (
    <>
      <PageHeader title="Settings"
      actions={<Button leftSection={<IconPlus size={16} />} disabled>Add New User</Button>} />
      <EmptyTable columns={COLUMNS} emptyText="No Record found." />
    </>
  );
}
