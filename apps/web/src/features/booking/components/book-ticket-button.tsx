import { Button, type ButtonProps } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconTicket } from '@tabler/icons-react';
import { lazy, Suspense, useRef, useState } from 'react';
import { useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { useSession } from '@/lib/session';

/** The dialog and its booking form load with the first click on Book, not with every ticket row. */
const loadModal = () => import('./book-ticket-modal');
const BookTicketModal = lazy(() => loadModal().then((module) => ({ default: module.BookTicketModal })));
/** Starts the download when the pointer or focus reaches Book, so the dialog is usually there by the click. */
const preloadModal = () => {
  loadModal().catch(() => undefined);
};

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
  /** The group's name deadline, ISO 8601: 'Names later' is offered until then (PRODUCT §6); null when none. */
  nameDeadline?: string | null;
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
  const [opened, { open: openDialog, close: closeDialog }] = useDisclosure(false);
  const buttonRef = useRef<HTMLButtonElement>(null);
  // Focus goes back to Book on close: the dialog's own focus return misses the first opening, which mounts
  // the lazily loaded dialog already open (issue 21 §12).
  const close = () => {
    closeDialog();
    buttonRef.current?.focus();
  };
  // Mounted from the first open on (kept afterwards so the closing transition can run).
  const [mounted, setMounted] = useState(false);
  const open = () => {
    setMounted(true);
    openDialog();
  };
  const soldOut = remaining !== undefined && remaining <= 0;

  const start = () => {
    if (session) open();
    else if (onLoginRequired) onLoginRequired(open);
    else void navigate(paths.signin.getHref());
  };

  return (
    <>
      <Button
        ref={buttonRef}
        size={size}
        fullWidth={fullWidth}
        color="accent.7"
        leftSection={soldOut ? undefined : <IconTicket size={16} />}
        disabled={soldOut}
        onPointerEnter={soldOut ? undefined : preloadModal}
        onFocus={soldOut ? undefined : preloadModal}
        onClick={start}
      >
        {soldOut ? 'Sold out' : label}
      </Button>
      {mounted ? (
        <Suspense fallback={null}>
          <BookTicketModal opened={opened} onClose={close} ticket={ticket} />
        </Suspense>
      ) : null}
    </>
  );
}
