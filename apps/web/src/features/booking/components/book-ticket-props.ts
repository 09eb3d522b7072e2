import type { Ticket } from '@portal/contract/tickets';
import type { BookTicketButtonProps } from './book-ticket-button';

/**
 * What Book needs from a ticket answer (search, home, dashboard sectors, flights, header search, PNR page):
 * one mapping, so every Book opens the dialog with the same fare, dates and seats. The last travel date is the
 * arrival of the last leg in leg order (PRODUCT §4: the passport must not expire before it).
 */
export function bookTicketProps(ticket: Ticket): Pick<
  BookTicketButtonProps,
  'pnr' | 'price' | 'infantPrice' | 'updatedAt' | 'departureDate' | 'lastTravelDate' | 'nameDeadline' | 'remaining'
> {
  const legs = [...ticket.subpart].sort((a, b) => a.position - b.position);
  return {
    pnr: ticket.pnr,
    price: ticket.price,
    infantPrice: ticket.infant_price,
    updatedAt: ticket.updated_at,
    departureDate: ticket.date,
    lastTravelDate: legs.at(-1)?.arivval_date,
    nameDeadline: ticket.name_deadline,
    remaining: ticket.remaining,
  };
}
