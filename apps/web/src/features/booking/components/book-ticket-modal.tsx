import { Modal } from '@mantine/core';
import { BOOKED_TITLE } from '@portal/contract/bookings';
import { useMediaQuery } from '@mantine/hooks';
import { useState } from 'react';
import { useDiscardGuard } from '@/lib/discard-guard';
import { BookedPanel } from './booked-panel';
import { BookTicketForm, type BookableTicket } from './book-ticket-form';

type BookTicketModalProps = { opened: boolean; onClose: () => void; ticket: BookableTicket };

/** Book Ticket dialog (000 §2): static backdrop, extra large, full screen on a phone; 'Ticket Booked!' after success. */
export function BookTicketModal({ opened, onClose, ticket }: BookTicketModalProps) {
  const mobile = useMediaQuery('(max-width: 48em)');
  const [bookingId, setBookingId] = useState<number | null>(null);
  const close = () => {
    onClose();
    setBookingId(null);
  };
  // Typed passengers are not lost to a stray Esc or close tap (issue 21 §2).
  const guard = useDiscardGuard(close);
  const booked = (id: number) => {
    guard.setDirty(false);
    setBookingId(id);
  };

  return (
    <Modal
      opened={opened}
      onClose={guard.requestClose}
      title={bookingId !== null ? BOOKED_TITLE : 'Book Ticket'}
      size="xl"
      fullScreen={Boolean(mobile)}
      closeOnClickOutside={false}
    >
      {opened && bookingId !== null ? <BookedPanel bookingId={bookingId} onNavigate={guard.closeNow} /> : null}
      {opened && bookingId === null ? <BookTicketForm ticket={ticket} onBooked={booked} onDirtyChange={guard.setDirty} /> : null}
    </Modal>
  );
}
