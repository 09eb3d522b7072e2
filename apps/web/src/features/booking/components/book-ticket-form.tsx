import { Alert, Button, Divider, Fieldset, Group, Paper, Stack, Switch, Text, Textarea } from '@mantine/core';
import { PASSENGER_TYPE_LABELS, SEATS_UNAVAILABLE_MESSAGE } from '@portal/contract/bookings';
import { FARE_ON_CALL_TEXT } from '@portal/contract/tickets';
import { IconAlertCircle, IconRefresh } from '@tabler/icons-react';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { Controller, FormProvider, useWatch, type Path } from 'react-hook-form';
import { PassengerFieldset } from '@/components/passenger-fieldset';
import { ApiError, errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime, todayInKarachi } from '@/lib/format';
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
  canBookNamesLater,
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
  /** The group's name deadline (ISO 8601): 'Names later' is offered until then (PRODUCT §6). */
  nameDeadline?: string | null;
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

/** A passenger booked with names later (PRODUCT §6): its type only; the name reads TBA until Update Booking gives it. */
function NamesLaterPassenger({ slot }: { slot: PassengerSlot }) {
  return (
    <Fieldset legend={slot.label} radius="md" variant="filled">
      <Text size="sm">
        Type: <b>{PASSENGER_TYPE_LABELS[slot.type]}</b> · Name: <b>TBA</b>
      </Text>
    </Fieldset>
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
  // PRODUCT §6: offered while the group's name deadline is ahead (decided once per opening; the server checks again).
  const [namesLaterOffered] = useState(() => canBookNamesLater(ticket.nameDeadline));
  const namesLaterHelpId = useId();
  const namesLaterErrorId = useId();
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
  const namesLater = useWatch({ control: form.control, name: 'names_later' });
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
    form.reset(emptyBookingForm([], form.getValues('names_later')));
  };

  const startBooking = () => {
    setConflict(null);
    availability.mutate(
      { adult: counts.adults, child: counts.children, infant: counts.infants, pnr: ticket.pnr, price: ticket.price },
      {
        onSuccess: (answer) => {
          if (!answer.data.status) return;
          const next = passengerSlots(counts);
          form.reset(emptyBookingForm(next, form.getValues('names_later')));
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
          const passportNos = values.names_later ? [] : values.passengers.map((passenger) => passenger.passport_no);
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
              {namesLaterOffered ? (
                <Controller
                  control={form.control}
                  name="names_later"
                  render={({ field, fieldState }) => (
                    // The help and the server's refusal sit outside the label, so the switch is named 'Names later' alone.
                    <Stack gap={4}>
                      <Switch
                        label="Names later"
                        checked={field.value}
                        onChange={(event) => {
                          field.onChange(event.currentTarget.checked);
                          form.clearErrors();
                        }}
                        onBlur={field.onBlur}
                        aria-invalid={fieldState.error ? true : undefined}
                        aria-describedby={fieldState.error ? `${namesLaterHelpId} ${namesLaterErrorId}` : namesLaterHelpId}
                      />
                      <Text id={namesLaterHelpId} size="xs" c="dimmed">
                        Book the seats now and give the names by {formatDateTime(ticket.nameDeadline)} (Pakistan time) with Update Booking.
                      </Text>
                      {fieldState.error ? (
                        <Text id={namesLaterErrorId} size="sm" c="red.7" fw={500}>
                          {fieldState.error.message}
                        </Text>
                      ) : null}
                    </Stack>
                  )}
                />
              ) : null}
              {slots.map((slot, index) =>
                namesLater ? (
                  <NamesLaterPassenger key={slot.label} slot={slot} />
                ) : (
                  <PassengerFieldset key={slot.label} index={index} type={slot.type} legend={slot.label} today={today} />
                ),
              )}
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
