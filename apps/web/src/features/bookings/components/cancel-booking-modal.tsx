import { Button, Group, SimpleGrid, Stack, Text, TextInput } from '@mantine/core';
import { cancellationChargeMaxMessage, TICKET_CANCELLED_MESSAGE } from '@portal/contract/booking-lifecycle';
import { integerField, MONEY_MAX } from '@portal/contract/common';
import { Controller, useWatch } from 'react-hook-form';
import { z } from 'zod';
import { GuardedFormModal, type GuardedFormProps } from '@/components/guarded-form-modal';
import { NumberField } from '@/components/number-field';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { useReportDirty } from '@/lib/discard-guard';
import { formatPKR } from '@/lib/money';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useZodForm } from '@/lib/zod-form';
import { useCancelBooking } from '../api/cancel-booking';
import type { BookingRow } from './booking-row';

export const CANCELLATION_CHARGE_LABEL = 'Cancellation charge';

/**
 * The charge an admin keeps when cancelling a confirmed booking (PRODUCT §6, decision 032): a whole number from 0 to
 * the booking's final total, as the server checks it (the same messages).
 */
export function buildCancelChargeSchema(finalTotal: number) {
  return z.object({
    cancellation_charge: integerField('cancellation charge', { min: 0, max: MONEY_MAX }).refine((charge) => charge <= finalTotal, {
      error: cancellationChargeMaxMessage(finalTotal),
    }),
  });
}

type CancelFormValues = { cancellation_charge: number | string };
type CancelOutput = z.output<ReturnType<typeof buildCancelChargeSchema>>;

const toNumber = (value: number | string) => (typeof value === 'number' ? value : Number(value) || 0);

type CancelBookingFormProps = GuardedFormProps & { booking: BookingRow };

function CancelBookingForm({ booking, onDone, onCancel, onDirtyChange }: CancelBookingFormProps) {
  const mutation = useCancelBooking();
  // Checked at each keystroke, not only on leaving the field: the limit is the booking's own final total.
  const form = useZodForm<CancelFormValues, CancelOutput>(buildCancelChargeSchema(booking.final_total), {
    mode: 'onChange',
    defaultValues: { cancellation_charge: 0 },
  });
  const { errors } = form.formState;
  useReportDirty(form.formState.isDirty, onDirtyChange);
  const charge = useWatch({ control: form.control, name: 'cancellation_charge' });

  // The awaited call: the lists are fetched again before it settles (decision 021) and may drop this booking's row.
  const submit = form.handleSubmit(async (values) => {
    try {
      await mutation.mutateAsync({ id: booking.id, cancellation_charge: values.cancellation_charge });
      notifySuccess(TICKET_CANCELLED_MESSAGE);
      onDone();
    } catch (error) {
      showFormError(error, form.setError, fieldsOf<CancelFormValues>(['cancellation_charge']));
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm">{CONFIRM_ACTION_TEXT}</Text>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <TextInput label="Final Total" readOnly value={formatPKR(booking.final_total)} />
          {/* Walk-in sales have no ledger; an agent's reversal credits the final total less the charge. */}
          {booking.agent_id !== null ? (
            <TextInput label="Credited to the agent" readOnly value={formatPKR(Math.max(0, booking.final_total - toNumber(charge)))} />
          ) : null}
        </SimpleGrid>
        <Controller
          control={form.control}
          name="cancellation_charge"
          render={({ field }) => (
            <NumberField
              label={CANCELLATION_CHARGE_LABEL}
              description={`From PKR 0 to ${formatPKR(booking.final_total)}; the agent still owes it.`}
              required
              thousandSeparator=","
              value={field.value}
              onChange={field.onChange}
              onBlur={field.onBlur}
              error={errors.cancellation_charge?.message}
              data-autofocus
            />
          )}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onCancel}>
            Close
          </Button>
          <Button type="submit" color="red" loading={mutation.isPending}>
            Cancel Booking
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type CancelBookingModalProps = { booking: BookingRow; opened: boolean; onClose: () => void };

/** Cancel Booking of a confirmed booking (admin, PRODUCT §6): GET cancelbooking/{id}?cancellation_charge=N. */
export function CancelBookingModal({ booking, opened, onClose }: CancelBookingModalProps) {
  return (
    <GuardedFormModal opened={opened} onClose={onClose} title={`Cancel booking #${booking.id} (${booking.pnr})`}>
      {(form) => <CancelBookingForm booking={booking} {...form} />}
    </GuardedFormModal>
  );
}
