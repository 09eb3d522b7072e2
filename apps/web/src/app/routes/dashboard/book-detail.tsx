import { Stack } from '@mantine/core';
import { useParams } from 'react-router';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

/** /dashboard/book/{id}: booking detail (000 §2). */
export default function BookDetailRoute() {
  const { id = '' } = useParams();
  return (
    <>
      <PageHeader title="Booking Details" description={`Booking #${id}`} />
      <Stack gap="lg">
        <EmptyTable
          caption="Passengers"
          columns={['Title', 'First Name', 'Last Name', 'Type', 'Date of Birth', 'Passport No', 'Passport Expiry']}
          emptyText="No Data Found"
        />
        <EmptyTable caption="Payments" columns={['Id', 'Receive Date', 'Amount', 'Description', 'Added By']} emptyText="No Data Found" />
      </Stack>
    </>
  );
}
