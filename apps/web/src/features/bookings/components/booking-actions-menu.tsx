import { ActionIcon, Menu } from '@mantine/core';
import { getBookingActions, TICKET_CANCELLED_MESSAGE } from '@portal/contract/booking-lifecycle';
import { IconCash, IconCheck, IconClockEdit, IconDotsVertical, IconEye, IconPencil, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { confirmAction } from '@/lib/confirm';
import { notifyOutcome } from '@/lib/notify';
import { useCancelBooking } from '../api/cancel-booking';
import { AddPaymentModal } from './add-payment-modal';
import type { BookingRow } from './booking-row';
import { CancelBookingModal } from './cancel-booking-modal';
import { ConfirmBookingModal } from './confirm-booking-modal';
import { EditBookingModal } from './edit-booking-modal';
import { HoldTimeModal } from './hold-time-modal';

type Dialog = 'confirm' | 'hold' | 'edit' | 'payment' | 'cancel' | null;

export type BookingMenuItem = 'view' | 'edit' | 'hold' | 'cancel' | 'payment' | 'confirm';

/**
 * The items a role gets for a booking in its state (000 §4, §6), in the seed's order, as the contract's
 * getBookingActions (what the server enforces) allows them. Agents: View, and Edit and Cancel only while the
 * booking is on Hold. Admins: View, Edit Booking, Extend H.Time (Hold only), Cancel Booking (not already
 * cancelled), Add Payment (confirmed, live), Confirm Booking (not confirmed; a cancelled one after 'Yes Sure!').
 */
export function getBookingMenuItems(booking: Pick<BookingRow, 'confirmed' | 'cancel_status'>, admin: boolean): BookingMenuItem[] {
  const actions = getBookingActions({ role: admin ? 'admin' : 'user', ...booking });
  const allowed: Record<Exclude<BookingMenuItem, 'view'>, boolean> = {
    edit: actions.edit,
    hold: actions.extendHoldTime,
    cancel: actions.cancel,
    payment: actions.addPayment,
    confirm: actions.confirm,
  };
  return ['view', ...(['edit', 'hold', 'cancel', 'payment', 'confirm'] as const).filter((item) => allowed[item])];
}

type BookingActionsMenuProps = {
  booking: BookingRow;
  admin: boolean;
  /** The detail page is the View target itself. */
  withView?: boolean;
};

/** The row menu of the bookings tables and the booking detail page, with its dialogs. */
export function BookingActionsMenu({ booking, admin, withView = true }: BookingActionsMenuProps) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const cancelMutation = useCancelBooking();
  const items = getBookingMenuItems(booking, admin).filter((item) => withView || item !== 'view');
  const close = () => setDialog(null);

  // An admin cancelling a confirmed booking may keep a cancellation charge (PRODUCT §6): a dialog with the field.
  // A hold has nothing to charge: the one confirmation dialog.
  const cancel = () => {
    if (admin && booking.confirmed === 1) {
      setDialog('cancel');
      return;
    }
    confirmAction({
      title: `Cancel booking #${booking.id}`,
      confirmLabel: 'Yes',
      danger: true,
      onConfirm: () => notifyOutcome(cancelMutation.mutateAsync({ id: booking.id }), TICKET_CANCELLED_MESSAGE),
    });
  };

  if (items.length === 0) return null;

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={190}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for booking ${booking.id}`} loading={cancelMutation.isPending}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {items.includes('view') ? (
            <Menu.Item component={Link} to={paths.dashboard.book.getHref(booking.id)} leftSection={<IconEye size={16} />}>
              View
            </Menu.Item>
          ) : null}
          {items.includes('edit') ? (
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog('edit')}>
              {admin ? 'Edit Booking' : 'Edit'}
            </Menu.Item>
          ) : null}
          {items.includes('hold') ? (
            <Menu.Item leftSection={<IconClockEdit size={16} />} onClick={() => setDialog('hold')}>
              Extend H.Time
            </Menu.Item>
          ) : null}
          {items.includes('cancel') ? (
            <Menu.Item color="red" leftSection={<IconX size={16} />} onClick={cancel}>
              {admin ? 'Cancel Booking' : 'Cancel'}
            </Menu.Item>
          ) : null}
          {items.includes('payment') ? (
            <Menu.Item leftSection={<IconCash size={16} />} onClick={() => setDialog('payment')}>
              Add Payment
            </Menu.Item>
          ) : null}
          {items.includes('confirm') ? (
            <Menu.Item color="teal" leftSection={<IconCheck size={16} />} onClick={() => setDialog('confirm')}>
              Confirm Booking
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <ConfirmBookingModal booking={booking} opened={dialog === 'confirm'} onClose={close} />
      <HoldTimeModal booking={booking} opened={dialog === 'hold'} onClose={close} />
      <EditBookingModal bookingId={booking.id} opened={dialog === 'edit'} onClose={close} />
      <AddPaymentModal booking={booking} opened={dialog === 'payment'} onClose={close} />
      <CancelBookingModal booking={booking} opened={dialog === 'cancel'} onClose={close} />
    </>
  );
}
