import { useParams, useSearchParams } from 'react-router';
import { PnrTicketsPage } from '@/features/ticketing/components/pnr-tickets-page';

/** /dashboard/pnr/{pnr}/tickets: the group's ticket numbers (admin, PRODUCT §6; decision 031). */
export default function PnrTicketsRoute() {
  const { pnr = '' } = useParams();
  const [search] = useSearchParams();
  const booking = search.get('booking');
  return <PnrTicketsPage key={pnr} pnr={pnr} bookingId={booking && /^\d+$/.test(booking) ? Number(booking) : undefined} />;
}
