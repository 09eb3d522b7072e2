import { BookingsList } from '@/features/bookings/components/bookings-list';

/** /dashboard/cancelbookings (000 §2): the bookings list narrowed to cancelled ones (`status=cancelled`). */
export default function CancelBookingsRoute() {
  return <BookingsList title="Cancelled Bookings" status="cancelled" />;
}
