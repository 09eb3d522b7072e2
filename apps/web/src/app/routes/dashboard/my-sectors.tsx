import { Button } from '@mantine/core';
import { IconPlus } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /dashboard/my-sectors (001 §2). */
export default function MySectorsRoute() {
  return (
    <>
      <PageHeader
        title="My Sectors"
        actions={
          <Button leftSection={<IconPlus size={16} />} disabled>
            Add My Sector
          </Button>
        }
      />
      <EmptyState text="No Data Found" />
    </>
  );
}
