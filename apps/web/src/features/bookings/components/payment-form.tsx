import '@mantine/dates/styles.css';
import { Button, Group, SimpleGrid, Stack, Textarea, TextInput } from '@mantine/core';
import { DatePickerInput } from '@mantine/dates';
import { addPaymentBodySchema, PAYMENT_FUTURE_DATE_MESSAGE } from '@portal/contract/payments';
import { IconCalendar } from '@tabler/icons-react';
import { Controller } from 'react-hook-form';
import { z } from 'zod';
import { NumberField } from '@/components/number-field';
import { todayInKarachi } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import { fieldsOf, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import type { BookingRow } from './booking-row';
import { useZodForm } from '@/lib/zod-form';

export type PaymentFormValues = { receive_amount: number | string; receive_date: string | null; text: string | null };

/** The booking the payment belongs to, as the dialog shows it (read-only totals, 000 §5). */
export type PaymentBooking = Pick<BookingRow, 'id' | 'pnr' | 'final_total' | 'received_amount' | 'remaining_amount'>;

/**
 * The Payment dialog's rules (000 §5; payments contract): received amount (whole rupees from 1), receiving date
 * (not after today in Karachi) and description are required. The fields are the contract's own, so the messages
 * are the server's.
 */
export function buildPaymentSchema(today = todayInKarachi()) {
  const { receive_amount, receive_date, text } = addPaymentBodySchema.shape;
  return z.object({
    receive_amount,
    receive_date: receive_date.refine((value) => value <= today, { error: PAYMENT_FUTURE_DATE_MESSAGE }),
    text,
  });
}

export type PaymentValues = z.output<ReturnType<typeof buildPaymentSchema>>;

const FIELDS = ['receive_amount', 'receive_date', 'text'] as const;

type PaymentFormProps = {
  booking: PaymentBooking;
  defaultValues?: PaymentFormValues;
  submitLabel: string;
  /** Sends the values; its answer's message is the success toast. */
  onSubmit: (values: PaymentValues) => Promise<{ message: string }>;
  onDone: () => void;
};

/** Add and edit share this form: the booking's totals read-only, then amount, date and description. */
export function PaymentForm({ booking, defaultValues, submitLabel, onSubmit, onDone }: PaymentFormProps) {
  const today = todayInKarachi();
  const form = useZodForm<PaymentFormValues, PaymentValues>(buildPaymentSchema(today), {
    defaultValues: defaultValues ?? { receive_amount: '', receive_date: today, text: '' },
  });
  const { errors, isSubmitting } = form.formState;

  const submit = form.handleSubmit(async (values) => {
    try {
      const answer = await onSubmit(values);
      notifySuccess(answer.message);
      onDone();
    } catch (error) {
      // A 422 goes under its field; anything else (409 not confirmed, 404 gone) is an error toast.
      showFormError(error, form.setError, fieldsOf<PaymentFormValues>(FIELDS));
    }
  });

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <SimpleGrid cols={{ base: 1, xs: 3 }} spacing="sm">
          <TextInput label="Final Total" readOnly value={formatPKR(booking.final_total)} />
          <TextInput label="Total Received" readOnly value={formatPKR(booking.received_amount)} />
          <TextInput label="Remaining Amount" readOnly value={formatPKR(booking.remaining_amount)} />
        </SimpleGrid>
        <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="sm">
          <Controller
            control={form.control}
            name="receive_amount"
            render={({ field }) => (
              <NumberField
                label="Received Amount"
                required
                thousandSeparator=","
                leftSection="PKR"
                leftSectionWidth={44}
                value={field.value}
                onChange={field.onChange}
                onBlur={field.onBlur}
                error={errors.receive_amount?.message}
                data-autofocus
              />
            )}
          />
          <Controller
            control={form.control}
            name="receive_date"
            render={({ field }) => (
              <DatePickerInput
                label="Receiving Date"
                required
                placeholder="Pick a date"
                valueFormat="DD MMM YYYY"
                maxDate={today}
                leftSection={<IconCalendar size={16} />}
                nextLabel="Next month"
                previousLabel="Previous month"
                value={field.value}
                onChange={field.onChange}
                error={errors.receive_date?.message}
                popoverProps={{ withinPortal: true }}
              />
            )}
          />
        </SimpleGrid>
        <Textarea
          label="Description"
          required
          minRows={2}
          maxLength={500}
          {...form.register('text')}
          error={errors.text?.message}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
          <Button type="submit" loading={isSubmitting}>
            {submitLabel}
          </Button>
        </Group>
      </Stack>
    </form>
  );
}
