import { BookingsList } from '@/features/bookings/components/bookings-list';

/** /dashboard/bookings, All Bookings (000 §2). */
export default function BookingsRoute() {
  return <BookingsList title="All Bookings" />;
}
