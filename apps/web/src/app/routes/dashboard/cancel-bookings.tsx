import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';
import { isAdmin, useSession } from '@/lib/session';
import { getBookingColumns } from './bookings-columns';

/** /dashboard/cancelbookings (000 §2): reuses the bookings list. */
export default function CancelBookingsRoute() {
  const admin = isAdmin(useSession());
  return (
    <>
      <PageHeader title="Cancelled Bookings" />
      <EmptyTable columns={getBookingColumns(admin)} emptyText="No bookings found" />
    </>
  );
}
