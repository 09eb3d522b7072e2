import { PageHeader } from '@/components/page-header';
import { AddAirlineButton } from '@/features/airlines/components/add-airline-button';
import { AirlinesTable } from '@/features/airlines/components/airlines-table';

/** /dashboard/airlines (001 §2). */
export default function AirlinesRoute() {
  return (
    <>
      <PageHeader title="Airlines" actions={<AddAirlineButton />} />
      <AirlinesTable />
    </>
  );
}
