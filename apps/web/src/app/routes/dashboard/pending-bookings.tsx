import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';
import { isAdmin, useSession } from '@/lib/session';
import { getBookingColumns } from './bookings-columns';

/** /dashboard/pendingbookings, Unpaid (000 §2): titled 'Bookings Details'. */
export default function PendingBookingsRoute() {
  const admin = isAdmin(useSession());
  return (
    <>
      <PageHeader title="Bookings Details" />
      <EmptyTable columns={getBookingColumns(admin)} emptyText="No bookings found." />
    </>
  );
}
