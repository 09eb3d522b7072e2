import { Modal } from '@mantine/core';
import type { BookingPayment } from '@portal/contract/booking-lifecycle';
import { useEditPayment } from '../api/edit-payment';
import { PaymentForm, type PaymentBooking } from './payment-form';

type EditPaymentModalProps = {
  booking: PaymentBooking;
  payment: BookingPayment | null;
  onClose: () => void;
};

/** Edit a payment (000 §6, admin): the Add Payment form filled in, POST edit-booking-payment. */
export function EditPaymentModal({ booking, payment, onClose }: EditPaymentModalProps) {
  const mutation = useEditPayment();
  return (
    <Modal opened={payment !== null} onClose={onClose} title={`Edit Payment (${booking.pnr})`} size="lg">
      {payment ? (
        <PaymentForm
          booking={booking}
          defaultValues={{ receive_amount: payment.receive_amount, receive_date: payment.receive_date, text: payment.text }}
          submitLabel="Update Payment"
          onSubmit={(values) => mutation.mutateAsync({ payment_id: payment.id, ...values })}
          onDone={onClose}
        />
      ) : null}
    </Modal>
  );
}
