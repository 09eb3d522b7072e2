import { useSearchParams } from 'react-router';
import { BookingsList } from '@/features/bookings/components/bookings-list';

/**
 * /dashboard/bookings, All Bookings (000 §2). `?status=hold` narrows it to the bookings on hold: the dashboard's
 * On Hold 'View all' (decision 023).
 */
export default function BookingsRoute() {
  const [params] = useSearchParams();
  return params.get('status') === 'hold' ? (
    <BookingsList key="hold" title="Bookings on Hold" status="hold" />
  ) : (
    <BookingsList key="all" title="All Bookings" />
  );
}
