import { Group } from '@mantine/core';
import type { Ticket } from '@portal/contract/tickets';
import { BookTicketButton } from '@/features/booking/components/book-ticket-button';
import { bookTicketProps } from '@/features/booking/components/book-ticket-props';
import { ShareMenu } from '@/features/share/components/share-menu';
import { ticketShareProps } from '@/features/share/components/share-props';
import { useSession } from '@/lib/session';

/**
 * Book and Share of one ticket, wherever a ticket is offered (home, public search, a sector's Booking List, Search
 * Flights, the header search). `compact`: small buttons side by side in a table row; otherwise full-width buttons
 * stacked on a card. Share is for signed-in users only (PRODUCT §6: the text carries prices).
 */
export function TicketActions({
  ticket,
  compact = false,
  onLoginRequired,
}: {
  ticket: Ticket;
  compact?: boolean;
  onLoginRequired?: (continueBooking: () => void) => void;
}) {
  const signedIn = useSession() !== null;
  const book = (
    <BookTicketButton {...bookTicketProps(ticket)} size={compact ? 'xs' : undefined} fullWidth={!compact} onLoginRequired={onLoginRequired} />
  );
  const share = signedIn ? <ShareMenu {...ticketShareProps(ticket)} fullWidth={!compact} /> : null;
  return compact ? (
    <Group gap="xs" wrap="nowrap">
      {book}
      {share}
    </Group>
  ) : (
    <>
      {book}
      {share}
    </>
  );
}
