import { useParams } from 'react-router';
import { HistoryTabs } from '@/features/audit/components/history-tabs';
import { BookingDetailPage } from '@/features/bookings/components/booking-detail';
import { isAdmin, useSession } from '@/lib/session';

/** /dashboard/book/{id}: booking detail (000 §2); admins also read its History (decision 035). */
export default function BookDetailRoute() {
  const { id = '' } = useParams();
  const admin = isAdmin(useSession());
  const bookingId = /^\d+$/.test(id) ? Number(id) : 0;
  const detail = <BookingDetailPage key={id} id={bookingId} />;
  if (!admin || bookingId === 0) return detail;
  return (
    <HistoryTabs key={id} kind="booking" entityId={bookingId} label="Booking">
      {detail}
    </HistoryTabs>
  );
}
