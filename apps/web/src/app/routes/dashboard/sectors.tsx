import { PageHeader } from '@/components/page-header';
import { AddSectorButton } from '@/features/sectors/components/add-sector-button';
import { SectorsTable } from '@/features/sectors/components/sectors-table';

/** /dashboard/sectors (001 §2). */
export default function SectorsRoute() {
  return (
    <>
      <PageHeader title="Sectors" actions={<AddSectorButton />} />
      <SectorsTable />
    </>
  );
}
