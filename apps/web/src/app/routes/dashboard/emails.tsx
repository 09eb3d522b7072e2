import { Button } from '@mantine/core';
import { IconMail } from '@tabler/icons-react';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

const COLUMNS = ['Sr#', 'To', 'Subject', 'Status', 'Action'];

/** /dashboard/emails (001 §2, PRODUCT §5: the outbox). Rows arrive with the screen's own issue. */
export default function EmailsRoute() {
  return (
    <>
      <PageHeader title="Emails"
      actions={<Button leftSection={<IconMail size={16} />}>Send Email</Button>} />
      <EmptyTable columns={COLUMNS} emptyText="No Record found." />
    </>
  );
}
