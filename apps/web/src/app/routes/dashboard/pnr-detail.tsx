import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';
import { isAdmin, useSession } from '@/lib/session';
import { getBookingColumns } from './bookings-columns';

/** /dashboard/pnr/{pnr}: PNR detail (000 §2). */
export default function PnrDetailRoute() {
  const { pnr = '' } = useParams();
  const columns = getBookingColumns(isAdmin(useSession()));
  return (
    <>
      <PageHeader title={`PNR: ${pnr}`} />
      <Stack gap="lg">
        <EmptyTable caption="Bookings" columns={columns} emptyText="No bookings found" />
        <EmptyTable caption="Cancelled" columns={columns} emptyText="No bookings found" />
      </Stack>
    </>
  );
}
