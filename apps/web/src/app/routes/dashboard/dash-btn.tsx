import { PageHeader } from '@/components/page-header';
import { AddDashButtonButton, ButtonsTable } from '@/features/promotion/components/buttons-table';

/** /dashboard/dash-btn, Custom Btn (001 §2): 'All Buttons' and the 'Add Buttons' modal. */
export default function DashBtnRoute() {
  return (
    <>
      <PageHeader title="All Buttons" actions={<AddDashButtonButton />} />
      <ButtonsTable />
    </>
  );
}
