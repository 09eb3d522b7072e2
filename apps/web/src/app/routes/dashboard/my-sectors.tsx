import { PageHeader } from '@/components/page-header';
import { AddMySectorButton } from '@/features/my-sectors/components/add-my-sector-button';
import { MySectorsTable } from '@/features/my-sectors/components/my-sectors-table';

/** /dashboard/my-sectors (001 §2). */
export default function MySectorsRoute() {
  return (
    <>
      <PageHeader title="My Sectors" actions={<AddMySectorButton />} />
      <MySectorsTable />
    </>
  );
}
