import { Alert, Button, Divider, Group, Paper, Stack, Text, Textarea } from '@mantine/core';
import { SEATS_UNAVAILABLE_MESSAGE } from '@portal/contract/bookings';
import { FARE_ON_CALL_TEXT } from '@portal/contract/tickets';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { FormProvider, type Path } from 'react-hook-form';
import { PassengerFieldset } from '@/components/passenger-fieldset';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, todayInKarachi } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import { useReportDirty } from '@/lib/discard-guard';
import { useZodForm } from '@/lib/zod-form';
import { applyPassportConflict, applyServerErrors } from '@/lib/form-errors';
import { notifyError } from '@/lib/notify';
import { isAdmin, useSession } from '@/lib/session';
import { useAddBooking } from '../api/add-booking';
import { useCheckAvailability } from '../api/check-availability';
import { toAddBookingFormData } from './add-booking-form-data';
import { AgentPicker } from './agent-picker';
import {
  bookingErrorField,
  bookingFormSchema,
  withBookingRules,
  emptyBookingForm,
  type BookingFormOutput,
  type BookingFormValues,
} from './booking-form-values';
import { displayTotal, passengerSlots, type Counts, type PassengerSlot } from './booking-rules';
import { createIdempotencyKey } from './idempotency-key';
import { PassengerCounts } from './passenger-counts';

/** 000 §9: a price of 0 or less reads 'Fare on call'. */
const fare = (amount: number) => (amount > 0 ? formatPKR(amount) : FARE_ON_CALL_TEXT);

export type BookableTicket = {
  pnr: string;
  price: number | null;
  infantPrice?: number | null;
  updatedAt: string;
  departureDate: string;
  lastTravelDate?: string;
};

type BookTicketFormProps = {
  ticket: BookableTicket;
  onBooked: (bookingId: number) => void;
  /** Tells the dialog whether passengers have been typed (it asks before discarding them). */
  onDirtyChange?: (dirty: boolean) => void;
};

/** 000 §8: seats gone (or a 409 from add-booking): the message and a Refresh button that reloads the page. */
function RefreshAlert({ message }: { message: string }) {
  return (
    <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} title={message}>
      <Button
        mt="xs"
        size="xs"
        color="red"
        variant="outline"
        leftSection={<IconRefresh size={14} />}
        onClick={() => window.location.reload()}
      >
        Refresh
      </Button>
    </Alert>
  );
}

/**
 * The Book Ticket dialog's body (000 §4-§5): counts, Start Booking (check-availbility), then one form per
 * passenger, the admin's agent choice, remarks and Book (add-booking). Changing the counts starts over.
 */
export function BookTicketForm({ ticket, onBooked, onDirtyChange }: BookTicketFormProps) {
  const session = useSession();
  const admin = isAdmin(session);
  const today = todayInKarachi();
  // One key for this opening of the dialog: a retry after a lost answer finds the same booking (PRODUCT §4).
  const [idempotencyKey] = useState(createIdempotencyKey);
  const [counts, setCounts] = useState<Counts>({ adults: 1, children: 0, infants: 0 });
  const [slots, setSlots] = useState<PassengerSlot[] | null>(null);
  const [conflict, setConflict] = useState<string | null>(null);
  const availability = useCheckAvailability();
  const addBooking = useAddBooking();

  const schema = useMemo(() => bookingFormSchema(), []);
  const withRules = useMemo(
    () =>
      withBookingRules({
        travelDate: ticket.departureDate,
        lastTravelDate: ticket.lastTravelDate ?? ticket.departureDate,
        today,
      }),
    [ticket.departureDate, ticket.lastTravelDate, today],
  );
  // Checked as each field is left, then at each keystroke of a field marked wrong (useZodForm, decision 029).
  const form = useZodForm<BookingFormValues, BookingFormOutput>(schema, { withRules, defaultValues: emptyBookingForm() });
  useReportDirty(slots !== null && form.formState.isDirty, onDirtyChange);
  // Start Booking is disabled once the passenger forms open: focus moves on to the first passenger's fieldset
  // rather than dropping to the page (issue 21 §12); not into its first field, which would be marked wrong as
  // soon as the agent went to the scan first (useZodForm checks a field when it is left).
  const passengersRef = useRef<HTMLFormElement>(null);
  useEffect(() => {
    if (slots) passengersRef.current?.querySelector<HTMLElement>('fieldset')?.focus();
  }, [slots]);

  // Once checked, the server's prices, total and group version are the ones to show and send back.
  const checked = availability.data?.data.status ? availability.data.data : null;
  const total = checked ? checked.total_amount : displayTotal(counts, ticket.price, ticket.infantPrice);

  const changeCounts = (next: Counts) => {
    setCounts(next);
    setSlots(null);
    setConflict(null);
    availability.reset();
    form.reset(emptyBookingForm());
  };

  const startBooking = () => {
    setConflict(null);
    availability.mutate(
      { adult: counts.adults, child: counts.children, infant: counts.infants, pnr: ticket.pnr, price: ticket.price },
      {
        onSuccess: (answer) => {
          if (!answer.data.status) return;
          const next = passengerSlots(counts);
          form.reset(emptyBookingForm(next));
          setSlots(next);
        },
        onError: (error) => notifyError(errorMessage(error)),
      },
    );
  };

  const submit = form.handleSubmit((values) => {
    setConflict(null);
    const body = toAddBookingFormData(values, {
      pnr: ticket.pnr,
      updatedAt: checked?.updated_at ?? ticket.updatedAt,
      admin,
      total,
    });
    addBooking.mutate(
      { form: body, idempotencyKey },
      {
        onSuccess: (answer) => onBooked(answer.data.id),
        onError: (error) => {
          const passportNos = values.passengers.map((passenger) => passenger.passport_no);
          if (applyPassportConflict(error, form.setError, passportNos, (index) => `passengers.${index}.passport_no` as const)) return;
          if (error instanceof ApiError && error.status === 409) {
            setConflict(error.message);
            return;
          }
          const placed = applyServerErrors(error, form.setError, (key) => bookingErrorField(key) as Path<BookingFormValues> | undefined);
          if (!placed) notifyError(errorMessage(error));
        },
      },
    );
  });

  const unavailable = availability.data?.data.status === false;

  const price = checked?.price ?? ticket.price;
  const infantPrice = checked?.infant_price ?? ticket.infantPrice ?? null;

  return (
    <Stack gap="md">
      <Paper withBorder p="sm" radius="md" bg="var(--mantine-color-gray-0)">
        <Group gap="lg" wrap="wrap">
          <Text size="sm">
            PNR <b>{ticket.pnr}</b>
          </Text>
          <Text size="sm">
            Departure <b>{formatDate(ticket.departureDate)}</b>
          </Text>
          {price !== null ? (
            <Text size="sm">
              Adult / Child <b>{fare(price)}</b>
            </Text>
          ) : null}
          {infantPrice !== null ? (
            <Text size="sm">
              Infant <b>{fare(infantPrice)}</b>
            </Text>
          ) : null}
        </Group>
      </Paper>
      <PassengerCounts
        counts={counts}
        onChange={changeCounts}
        onStart={startBooking}
        starting={availability.isPending}
        started={slots !== null}
      />
      {unavailable ? <RefreshAlert message={SEATS_UNAVAILABLE_MESSAGE} /> : null}
      {slots ? (
        <FormProvider {...form}>
          <form ref={passengersRef} noValidate onSubmit={submit} aria-label="Passenger details">
            <Stack gap="md">
              {slots.map((slot, index) => (
                <PassengerFieldset
                  key={slot.label}
                  index={index}
                  type={slot.type}
                  legend={slot.label}
                  today={today}
                />
              ))}
              {admin ? (
                <Paper withBorder p="md" radius="md">
                  <AgentPicker />
                </Paper>
              ) : null}
              <Textarea
                label="Remarks"
                autosize
                minRows={2}
                maxRows={5}
                error={form.formState.errors.remarks?.message}
                {...form.register('remarks')}
              />
              <Divider />
              {conflict ? <RefreshAlert message={conflict} /> : null}
              <Group justify="space-between" wrap="wrap" gap="sm">
                <Text fw={600}>
                  {total !== null ? (
                    <>
                      Total:{' '}
                      <Text span fw={700} c="brand.7">
                        {fare(total)}
                      </Text>
                    </>
                  ) : null}
                </Text>
                <Button type="submit" loading={addBooking.isPending} disabled={addBooking.isPending} color="accent.7">
                  Book
                </Button>
              </Group>
            </Stack>
          </form>
        </FormProvider>
      ) : null}
    </Stack>
  );
}
