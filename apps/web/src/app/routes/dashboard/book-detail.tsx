import { useParams } from 'react-router';
import { BookingDetailPage } from '@/features/bookings/components/booking-detail';

/** /dashboard/book/{id}: booking detail (000 §2). */
export default function BookDetailRoute() {
  const { id = '' } = useParams();
  return <BookingDetailPage key={id} id={/^\d+$/.test(id) ? Number(id) : 0} />;
}
