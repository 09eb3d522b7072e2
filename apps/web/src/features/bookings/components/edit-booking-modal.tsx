import { Alert, Badge, Button, Center, Group, Loader, Modal, Stack, Text } from '@mantine/core';
import { PASSPORT_IMAGES_ALERT, type BookingEditDetail } from '@portal/contract/booking-lifecycle';
import { PASSENGER_TYPE_LABELS } from '@portal/contract/bookings';
import { IconAlertCircle } from '@tabler/icons-react';
import { useMemo, useState } from 'react';
import { FormProvider } from 'react-hook-form';
import { PassengerFieldset } from '@/components/passenger-fieldset';
import { errorMessage } from '@/lib/api-client';
import { formatDate, todayInKarachi } from '@/lib/format';
import { applyPassportConflict, showFormError } from '@/lib/form-errors';
import { notifySuccess } from '@/lib/notify';
import { useZodForm } from '@/lib/zod-form';
import { useBookingEditDetail } from '../api/get-booking-edit-detail';
import { useUpdateBooking } from '../api/update-booking';
import {
  buildEditBookingSchema,
  toBookingUpdateForm,
  toEditField,
  toEditValues,
  type EditBookingOutput,
  type EditBookingValues,
} from './edit-booking-values';

function EditBookingForm({ detail, onDone }: { detail: BookingEditDetail; onDone: () => void }) {
  const today = todayInKarachi();
  const mutation = useUpdateBooking();
  const [missingPassports, setMissingPassports] = useState(false);
  const schema = useMemo(() => buildEditBookingSchema(detail, today), [detail, today]);
  // Checked as each field is left, then at each keystroke of a field marked wrong (useZodForm, decision 029).
  const form = useZodForm<EditBookingValues, EditBookingOutput>(schema, { defaultValues: toEditValues(detail) });
  const passengers = form.getValues('passengers');

  const submit = form.handleSubmit(
    (values) => {
      setMissingPassports(false);
      mutation.mutate(toBookingUpdateForm(detail.id, values), {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onDone();
        },
        onError: (error) => {
          const passportNos = values.passengers.map((passenger) => ('left_empty' in passenger ? '' : passenger.passport_no));
          if (applyPassportConflict(error, form.setError, passportNos, (index) => `passengers.${index}.passport_no` as const)) return;
          showFormError(error, form.setError, toEditField);
        },
      });
    },
    // 000 §5: a passenger without a passport scan also raises the alert above the form.
    (errors) => setMissingPassports(Boolean(errors.passengers?.some?.((passenger) => passenger?.passport_img))),
  );

  return (
    <FormProvider {...form}>
      <form noValidate onSubmit={submit}>
        <Stack gap="md">
          <Text size="sm" c="dimmed">
            PNR {detail.pnr} · first departure {formatDate(detail.date)} · last travel date {formatDate(detail.last_date)}
          </Text>
          {missingPassports ? (
            <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
              {PASSPORT_IMAGES_ALERT}
            </Alert>
          ) : null}
          {passengers.map((passenger, index) => (
            <PassengerFieldset
              key={index}
              index={index}
              type={passenger.type}
              legend={
                <Group gap="xs">
                  <Text fw={600} size="sm">
                    Passenger {index + 1}
                  </Text>
                  <Badge variant="light" size="sm">
                    {PASSENGER_TYPE_LABELS[passenger.type]}
                  </Badge>
                  {/* Booked with names later (PRODUCT §6): its name reads TBA until given here. */}
                  {passenger.name_pending ? (
                    <Badge variant="outline" color="orange" size="sm">
                      Name missing
                    </Badge>
                  ) : null}
                </Group>
              }
              today={today}
              stored={{ passport: passenger.current_passport, visa: passenger.current_visa }}
            />
          ))}
          <Group justify="flex-end" gap="sm">
            <Button variant="default" onClick={onDone}>
              Close
            </Button>
            <Button type="submit" loading={mutation.isPending}>
              Update Booking
            </Button>
          </Group>
        </Stack>
      </form>
    </FormProvider>
  );
}

function EditBookingLoader({ bookingId, onDone }: { bookingId: number; onDone: () => void }) {
  const query = useBookingEditDetail(bookingId);
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return <EditBookingForm detail={query.data.data.data} onDone={onDone} />;
}

type EditBookingModalProps = { bookingId: number; opened: boolean; onClose: () => void };

/** Edit / Edit Booking (000 §5-§7): loads booking-edit-detail, posts booking-update with the passengers' details and scans. */
export function EditBookingModal({ bookingId, opened, onClose }: EditBookingModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Update Booking #${bookingId}`} size="xl">
      {opened ? <EditBookingLoader bookingId={bookingId} onDone={onClose} /> : null}
    </Modal>
  );
}
