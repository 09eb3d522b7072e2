import { Modal } from '@mantine/core';
import { useAddPayment } from '../api/add-payment';
import { PaymentForm, type PaymentBooking } from './payment-form';

type AddPaymentModalProps = { booking: PaymentBooking; opened: boolean; onClose: () => void };

/** Add Payment (000 §4-§6, admin, confirmed bookings): POST update-booking-payment. */
export function AddPaymentModal({ booking, opened, onClose }: AddPaymentModalProps) {
  const mutation = useAddPayment();
  return (
    <Modal opened={opened} onClose={onClose} title={`Add Payment #${booking.id} (${booking.pnr})`} size="lg">
      {opened ? (
        <PaymentForm
          booking={booking}
          submitLabel="Add Payment"
          onSubmit={(values) => mutation.mutateAsync({ booking_id: booking.id, ...values })}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}
