import { describe, expect, it } from 'vitest';
import { buildTicket, buildTicketLeg } from '@/features/tickets/testing/ticket-fixtures';
import { bookTicketProps } from '@/features/booking/components/book-ticket-props';

describe('bookTicketProps (what every Book takes from a ticket)', () => {
  it('when the legs come out of order, then the last travel date is the arrival of the last leg in leg order', () => {
    const ticket = buildTicket({
      pnr: 'ABC123',
      price: 145000,
      infant_price: 30000,
      remaining: 7,
      date: '2026-12-20',
      subpart: [
        buildTicketLeg({ position: 2, arivval_date: '2027-01-05' }),
        buildTicketLeg({ position: 1, arivval_date: '2026-12-20' }),
      ],
    });
    expect(bookTicketProps(ticket)).toEqual({
      pnr: 'ABC123',
      price: 145000,
      infantPrice: 30000,
      updatedAt: ticket.updated_at,
      departureDate: '2026-12-20',
      lastTravelDate: '2027-01-05',
      remaining: 7,
      // The fixture's group has no name deadline: Book Ticket offers no 'Names later'.
      nameDeadline: null,
    });
  });
});
