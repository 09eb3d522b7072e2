import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

const COLUMNS = ['Image', 'Title', 'Status', 'Action'];

/** /dashboard/promotion, Promotion Banner (001 §2). Rows arrive with the screen's own issue. */
export default function PromotionRoute() {
  return (
    <>
      <PageHeader title="All Banners"
      actions={<Button leftSection={<IconPlus size={16} />} disabled>Add</Button>} />
      <EmptyTable columns={COLUMNS} emptyText="No Data Found" />
    </>
  );
}
