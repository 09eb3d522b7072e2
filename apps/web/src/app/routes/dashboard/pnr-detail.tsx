import type { PnrDetailsResponse } from '@portal/contract/tickets';
import { useParams } from 'react-router';
import { NotAllowed } from '@/components/not-allowed';
import { BookTicketButton } from '@/features/booking/components/book-ticket-button';
import { bookTicketProps } from '@/features/booking/components/book-ticket-props';
import { PnrDetail } from '@/features/bookings/components/pnr-detail';
import { isAdmin, useSession } from '@/lib/session';

/** The PNR page's Book Ticket button (000 §2), with the group as its ticket answer gives it. */
function renderBookTicket({ ticket }: PnrDetailsResponse) {
  return (
    <BookTicketButton
      {...bookTicketProps(ticket)}
      label="Book Ticket"
    />
  );
}

/** /dashboard/pnr/{pnr}: PNR detail (000 §2), for admins only (000 §6 "open full PNR"). */
export default function PnrDetailRoute() {
  const { pnr = '' } = useParams();
  const admin = isAdmin(useSession());
  if (!admin) return <NotAllowed />;
  return <PnrDetail key={pnr} pnr={pnr} bookTicket={renderBookTicket} />;
}
