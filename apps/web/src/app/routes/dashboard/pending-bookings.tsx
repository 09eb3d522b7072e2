import { PendingBookingsList } from '@/features/bookings/components/pending-bookings-list';

/** /dashboard/pendingbookings, Unpaid (000 §2): titled 'Bookings Details'. */
export default function PendingBookingsRoute() {
  return <PendingBookingsList />;
}
