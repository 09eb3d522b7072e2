import '@mantine/dates/styles.css';
import { Button, Group, Modal, Stack, Text } from '@mantine/core';
import { DateTimePicker } from '@mantine/dates';
import { CANCEL_AT_PAST_MESSAGE, parseKarachiDateTime } from '@portal/contract/booking-lifecycle';
import { IconClock } from '@tabler/icons-react';
import { useState, type FormEvent } from 'react';
import { formatDateTime, toKarachi, todayInKarachi } from '@/lib/format';
import { ApiError, errorMessage } from '@/lib/api-client';
import { notifyError, notifySuccess } from '@/lib/notify';
import { useUpdateHoldTime } from '../api/update-hold-time';
import type { BookingRow } from './booking-row';

const REQUIRED_MESSAGE = 'The cancel at field is required.';

/**
 * The picker's value ('YYYY-MM-DD HH:mm:ss') is a wall-clock time in Asia/Karachi, the zone every time of
 * the portal is shown in; the server reads a value without a zone the same way (booking-lifecycle contract).
 */
export function getHoldTimeError(value: string | null, now = new Date()): string | null {
  if (!value) return REQUIRED_MESSAGE;
  const when = parseKarachiDateTime(value);
  if (!when || when.getTime() <= now.getTime()) return CANCEL_AT_PAST_MESSAGE;
  return null;
}

function HoldTimeForm({ booking, onDone }: { booking: BookingRow; onDone: () => void }) {
  const mutation = useUpdateHoldTime();
  const [value, setValue] = useState<string | null>(
    booking.cancel_at ? toKarachi(booking.cancel_at).format('YYYY-MM-DD HH:mm:ss') : null,
  );
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const problem = getHoldTimeError(value);
    setError(problem);
    if (problem || !value) return;
    mutation.mutate(
      { booking_id: booking.id, cancel_at: value.slice(0, 16) },
      {
        onSuccess: (answer) => {
          notifySuccess(answer.message);
          onDone();
        },
        // A 422 on cancel_at shows under the picker; anything else is an error toast (000 §8).
        onError: (failure) => {
          const fieldError = failure instanceof ApiError ? failure.errors.cancel_at?.[0] : undefined;
          if (fieldError) setError(fieldError);
          else notifyError(errorMessage(failure));
        },
      },
    );
  };

  return (
    <form noValidate onSubmit={submit}>
      <Stack gap="md">
        <Text size="sm" c="dimmed">
          Current hold expiry: {formatDateTime(booking.cancel_at)} (Pakistan time)
        </Text>
        <DateTimePicker
          label="Hold until"
          placeholder="Pick date and time"
          required
          valueFormat="DD MMM YYYY hh:mm A"
          minDate={todayInKarachi()}
          leftSection={<IconClock size={16} />}
          value={value}
          onChange={(next) => {
            setValue(next);
            setError(null);
          }}
          error={error}
          nextLabel="Next month"
          previousLabel="Previous month"
          popoverProps={{ withinPortal: true }}
        />
        <Group justify="flex-end" gap="sm">
          <Button variant="default" onClick={onDone}>
            Close
          </Button>
          <Button type="submit" loading={mutation.isPending}>
            Update
          </Button>
        </Group>
      </Stack>
    </form>
  );
}

type HoldTimeModalProps = { booking: BookingRow; opened: boolean; onClose: () => void };

/** Extend H.Time (000 §4-§5, admin, Hold only): POST hold-time-update with a future cancel_at. */
export function HoldTimeModal({ booking, opened, onClose }: HoldTimeModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title={`Extend Hold Time #${booking.id} (${booking.pnr})`}>
      {opened ? <HoldTimeForm booking={booking} onDone={onClose} /> : null}
    </Modal>
  );
}
