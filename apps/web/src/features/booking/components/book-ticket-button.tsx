import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTicket } from '@tabler/icons-react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';
import { BookTicketModal } from './book-ticket-modal';

export type BookTicketButtonProps = {
  pnr: string;
  /** Group price per adult or child; null for anonymous answers (PRODUCT §4). */
  price: number | null;
  infantPrice?: number | null;
  /** The group's updated_at as the ticket answer gave it (sent back with the booking). */
  updatedAt: string;
  /** First departure date, YYYY-MM-DD: ages are taken on it (PRODUCT §4). */
  departureDate: string;
  /** Last travel date, YYYY-MM-DD: the passport must not expire before it (PRODUCT §4). */
  lastTravelDate?: string;
  /** Seats left; 0 shows 'Sold out' and disables the button. */
  remaining?: number;
  label?: string;
  size?: ButtonProps['size'];
  fullWidth?: boolean;
  /**
   * Without a session the dialog cannot open (000 §2): the caller shows its 'Login to your portal'
   * modal and calls `continueBooking` once signed in. Without this prop the user goes to /signin.
   */
  onLoginRequired?: (continueBooking: () => void) => void;
};

/** 'Book' of a ticket row or card and of the PNR page: opens the Book Ticket dialog (000 §2, §4). */
export function BookTicketButton({
  label = 'Book',
  remaining,
  size = 'sm',
  fullWidth,
  onLoginRequired,
  ...ticket
}: BookTicketButtonProps) {
  const session = useSession();
  const navigate = useNavigate();
  const [opened, { open, close }] = useDisclosure(false);
  const soldOut = remaining !== undefined && remaining <= 0;

  const start = () => {
    if (session) open();
    else if (onLoginRequired) onLoginRequired(open);
    else void navigate(paths.signin.getHref());
  };

  return (
    <>
      <Button
        size={size}
        fullWidth={fullWidth}
        color="accent.7"
        leftSection={soldOut ? undefined : <IconTicket size={16} />}
        disabled={soldOut}
        onClick={start}
      >
        {soldOut ? 'Sold out' : label}
      </Button>
      <BookTicketModal opened={opened} onClose={close} ticket={ticket} />
    </>
  );
}
