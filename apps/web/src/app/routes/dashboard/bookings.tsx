import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';
import { isAdmin, useSession } from '@/lib/session';
import { getBookingColumns } from './bookings-columns';

/** /dashboard/bookings, All Bookings (000 §2). */
export default function BookingsRoute() {
  const admin = isAdmin(useSession());
  return (
    <>
      <PageHeader title="All Bookings" />
      <EmptyTable columns={getBookingColumns(admin)} emptyText="No bookings found" />
    </>
  );
}
