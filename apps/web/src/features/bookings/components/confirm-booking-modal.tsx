import { Alert, Button, Checkbox, Group, SimpleGrid, Stack, TextInput } from '@mantine/core';
import {
  CONFIRM_CANCELLED_BOOKING_MESSAGE,
  confirmBookingBodySchema,
  getBookingState,
  YES_SURE_LABEL,
} from '@portal/contract/booking-lifecycle';
import { IconAlertTriangle } from '@tabler/icons-react';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { GuardedFormModal, type GuardedFormProps } from '@/components/guarded-form-modal';
import { NumberField } from '@/components/number-field';
import { useReportDirty } from '@/lib/discard-guard';
import { formatPKR } from '@/lib/money';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useZodForm } from '@/lib/zod-form';
import { useConfirmBooking } from '../api/confirm-booking';
import type { BookingRow } from './booking-row';

type ConfirmFormValues = { discount: number | string; receive_payment: number | string; sure: boolean; override: boolean };

type Totals = Pick<BookingRow, 'total_amount' | 'received_amount' | 'cancel_status'>;

/**
 * The dialog's rules (000 §5, PRODUCT §4): discount and receive payment are required whole numbers;
 * the discount at most what is not yet received, the payment at most what is still due after it; a
 * cancelled booking needs 'Yes Sure!'. The server applies the same limits.
 */
export function buildConfirmSchema({ total_amount, received_amount, cancel_status }: Totals) {
  const maxDiscount = Math.max(0, total_amount - received_amount);
  return z
    .object({
      discount: confirmBookingBodySchema.shape.discount,
      receive_payment: confirmBookingBodySchema.shape.receive_payment,
      sure: z.boolean(),
      override: z.boolean(),
    })
    .superRefine((values, ctx) => {
      const due = Math.max(0, total_amount - values.discount - received_amount);
      if (values.discount > maxDiscount) {
        ctx.addIssue({ code: 'custom', path: ['discount'], message: `The discount may not be greater than ${maxDiscount}.` });
      } else if (values.receive_payment > due) {
        ctx.addIssue({ code: 'custom', path: ['receive_payment'], message: `The receive payment may not be greater than ${due}.` });
      }
      if (cancel_status === 1 && !values.sure) {
        ctx.addIssue({ code: 'custom', path: ['sure'], message: CONFIRM_CANCELLED_BOOKING_MESSAGE });
      }
    });
}

type ConfirmOutput = z.output<ReturnType<typeof buildConfirmSchema>>;

const toNumber = (value: number | string) => (typeof value === 'number' ? value : Number(value) || 0);

type ConfirmBookingFormProps = GuardedFormProps & { booking: BookingRow };

function ConfirmBookingForm({ booking, onDone, onCancel, onDirtyChange }: ConfirmBookingFormProps) {
  const mutation = useConfirmBooking();
  const cancelled = getBookingState(booking) === 'cancelled';
  // Checked as the admin leaves a field and then as it types (useZodForm), not only on Confirm.
  const form = useZodForm<ConfirmFormValues, ConfirmOutput>(buildConfirmSchema(booking), {
    defaultValues: { discount: 0, receive_payment: 0, sure: false, override: false },
  });
  const { errors } = form.formState;
  useReportDirty(form.formState.isDirty, onDirtyChange);
  const [discount, receivePayment, sure] = useWatch({ control: form.control, name: ['discount', 'receive_payment', 'sure'] });
  const finalTotal = booking.total_amount - toNumber(discount);
  const remaining = finalTotal - booking.received_amount - toNumber(receivePayment);

  // The awaited call, not mutate's callbacks: the mutation settles once the lists are fetched again (decision 021),
  // and a refreshed list (cancelled bookings) may drop the row this dialog belongs to; the toast shows all the same.
  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await mutation.mutateAsync({
        booking_id: booking.id,
        discount: values.discount,
        receive_payment: values.receive_payment,
        sure: values.sure ? 1 : 0,
        override: values.override || undefined,
      });
      notifySuccess(answer.message);
      onDone();
    } catch (error) {
      showFormError(error, form.setError, fieldsOf<ConfirmFormValues>(['discount', 'receive_payment', 'sure']));
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Total Amount" readOnly value={formatPKR(booking.total_amount)} />
          <TextInput label="Received Amount" readOnly value={formatPKR(booking.received_amount)} />
          <TextInput label="Final Total" readOnly value={formatPKR(finalTotal)} />
          <TextInput label="Remaining Amount" readOnly value={formatPKR(remaining)} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Controller
            control={form.control}
            name="receive_payment"
            render={({ field }) => (
              <NumberField
                label="Receive Payment"
                required
                thousandSeparator=","
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.receive_payment?.message}
                data-autofocus
              />
            )}
          />
          <Controller
            control={form.control}
            name="discount"
            render={({ field }) => (
              <NumberField
                label="Discount"
                required
                thousandSeparator=","
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.discount?.message}
              />
            )}
          />
        </SimpleGrid>
        {cancelled ? (
          <Alert color="orange" variant="light" icon={<IconAlertTriangle size={18} />}>
            <Stack gap="xs">
              {CONFIRM_CANCELLED_BOOKING_MESSAGE}
              <Checkbox label={YES_SURE_LABEL} {...form.register('sure')} error={errors.sure ? true : undefined} />
            </Stack>
          </Alert>
        ) : null}
        {/* PRODUCT §6: past the agent's credit limit the server answers 409 with what is available and needed; the
            admin may confirm anyway, and the booking keeps the override (decision 032). */}
        {booking.agent_id !== null ? <Checkbox label="Override the agent's credit limit" {...form.register('override')} /> : null}
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Close
          </Button>
          <Button type="submit" color="teal" loading={mutation.isPending} disabled={cancelled && !sure}>
            Confirm Booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type ConfirmBookingModalProps = { booking: BookingRow; opened: boolean; onClose: () => void };

/** Confirm Booking (000 §4-§5, admin): POST confirmbooking with discount, receive_payment and sure. */
export function ConfirmBookingModal({ booking, opened, onClose }: ConfirmBookingModalProps) {
  return (
    <GuardedFormModal opened={opened} onClose={onClose} title={`Confirm Booking #${booking.id} (${booking.pnr})`} size="lg">
      {(form) => <ConfirmBookingForm booking={booking} {...form} />}
    </GuardedFormModal>
  );
}
