import { zodResolver } from '@hookform/resolvers/zod';
import { Badge, Button, Group, Paper, Stack, Table, Text, TextInput } from '@mantine/core';
import { PASSENGER_TYPE_LABELS } from '@portal/contract/bookings';
import {
  formatPassengerName,
  TICKETED_LABEL,
  updateTicketNumbersBodySchema,
  type TicketBooking,
  type UpdateTicketNumbersBody,
} from '@portal/contract/ticketing';
import { useForm, type Path, type Resolver } from 'react-hook-form';
import { DataTable } from '@/components/data-table';
import { showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useUpdateTicketNumbers } from '../api/update-ticket-numbers';

type TicketFormValues = { booking_id: number; tickets: Array<{ passenger_id: number; ticket_no: string }> };

/** Only a confirmed booking takes numbers (decision 031); the server says the same with a 409. */
export const CONFIRM_FIRST_TEXT = 'Confirm the booking to enter its ticket numbers.';

/** A server key ('tickets.1.ticket_no') as this form's field; the booking id has no field. */
function toField(key: string): Path<TicketFormValues> | undefined {
  return /^tickets\.\d+\.(ticket_no|passenger_id)$/.test(key) ? (key.replace(/passenger_id$/, 'ticket_no') as Path<TicketFormValues>) : undefined;
}

/**
 * One booking's passengers with a ticket-number field each (PRODUCT §6): 13 digits, checked as the admin leaves a
 * field (spaces and the hyphen after the airline code are allowed); an empty field clears the number.
 */
export function BookingTicketsForm({ booking, highlighted = false }: { booking: TicketBooking; highlighted?: boolean }) {
  const mutation = useUpdateTicketNumbers();
  const form = useForm<TicketFormValues, unknown, UpdateTicketNumbersBody>({
    resolver: zodResolver(updateTicketNumbersBodySchema) as unknown as Resolver<TicketFormValues, unknown, UpdateTicketNumbersBody>,
    defaultValues: {
      booking_id: booking.id,
      tickets: booking.passengers.map((passenger) => ({ passenger_id: passenger.id, ticket_no: passenger.ticket_no ?? '' })),
    },
    mode: 'onTouched',
  });
  const { errors } = form.formState;
  const editable = booking.confirmed === 1;

  const submit = form.handleSubmit((body) =>
    mutation.mutate(body, {
      onSuccess: (answer) => {
        notifySuccess(answer.message);
        form.reset({
          booking_id: booking.id,
          tickets: body.tickets.map((ticket) => ({ passenger_id: ticket.passenger_id, ticket_no: ticket.ticket_no ?? '' })),
        });
      },
      onError: (error) => showFormError(error, form.setError, toField),
    }),
  );

  return (
    <Paper
      withBorder
      radius="md"
      p={0}
      id={`booking-${booking.id}`}
      // Brought into view below the sticky header (?booking={id}).
      style={{ overflow: 'hidden', scrollMarginTop: 80, ...(highlighted ? { borderColor: 'var(--mantine-color-indigo-5)', borderWidth: 2 } : {}) }}
    >
      <form noValidate onSubmit={submit} aria-label={`Ticket numbers of booking #${booking.id}`}>
        <Group justify="space-between" px="md" py="sm" gap="xs" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          <div>
            <Text fw={600}>Booking #{booking.id}</Text>
            <Text size="sm" c="dimmed">
              {booking.agent_name}
            </Text>
          </div>
          {booking.ticketed === 1 ? (
            <Badge color="indigo" variant="light">
              {TICKETED_LABEL}
            </Badge>
          ) : editable ? (
            <Badge color="teal" variant="light">
              Confirmed
            </Badge>
          ) : (
            <Badge color="orange" variant="light">
              Hold
            </Badge>
          )}
        </Group>
        <DataTable columns={['#', 'Passenger', 'Type', 'Ticket number']} minWidth={560} label={`Passengers of booking #${booking.id}`}>
          {booking.passengers.map((passenger, index) => {
            const name = formatPassengerName(passenger);
            return (
              <Table.Tr key={passenger.id}>
                <Table.Td>{index + 1}</Table.Td>
                <Table.Td>{name}</Table.Td>
                <Table.Td>{PASSENGER_TYPE_LABELS[passenger.type]}</Table.Td>
                <Table.Td>
                  <TextInput
                    aria-label={`Ticket number of ${name}`}
                    placeholder="13 digits"
                    inputMode="numeric"
                    autoComplete="off"
                    styles={{ input: { fontFamily: 'var(--mantine-font-family-monospace)' } }}
                    disabled={!editable}
                    maw={220}
                    error={errors.tickets?.[index]?.ticket_no?.message}
                    {...form.register(`tickets.${index}.ticket_no`)}
                  />
                </Table.Td>
              </Table.Tr>
            );
          })}
        </DataTable>
        <Group justify="space-between" px="md" py="sm" gap="xs">
          <Text size="sm" c="dimmed">
            {editable ? 'An empty field clears the number.' : CONFIRM_FIRST_TEXT}
          </Text>
          <Button type="submit" disabled={!editable} loading={mutation.isPending}>
            Save ticket numbers
          </Button>
        </Group>
      </form>
    </Paper>
  );
}

/** The bookings of the screen, one form each. */
export function BookingTicketsForms({ bookings, highlightedId }: { bookings: TicketBooking[]; highlightedId?: number | undefined }) {
  return (
    <Stack gap="lg">
      {bookings.map((booking) => (
        <BookingTicketsForm key={`${booking.id}-${booking.passengers.map((passenger) => passenger.ticket_no ?? '').join(',')}`} booking={booking} highlighted={booking.id === highlightedId} />
      ))}
    </Stack>
  );
}
