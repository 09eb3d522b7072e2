import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useBookingPdfLink } from '../api/get-booking-pdf-link';

type BookedPanelProps = { bookingId: number; onNavigate: () => void };

/**
 * After add-booking (000 §2, §4): Download Booking (the signed booking PDF link of the booking's detail,
 * in a new tab; the booking page until that answer arrives) and View Booking.
 */
export function BookedPanel({ bookingId, onNavigate }: BookedPanelProps) {
  const booked = useBookingPdfLink(bookingId).data;
  const pdfLink = booked?.pdfLink ?? null;
  const cancelAt = booked?.cancelAt ?? null;
  return (
    <Stack align="center" gap="md" py="lg">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
        <IconCircleCheck size={40} stroke={1.5} />
      </ThemeIcon>
      <Text ta="center" c="dimmed">
        Booking #{bookingId} is saved. Download its PDF or open it to follow its status.
      </Text>
      {/* Issue 21 §6: the booking is a hold, not a ticket yet; say until when (Asia/Karachi) it is kept. */}
      {cancelAt ? (
        <Text ta="center" fw={600} data-testid="hold-until">
          It is on hold until {formatDateTime(cancelAt)} (Pakistan time); it is cancelled then unless confirmed.
        </Text>
      ) : null}
      <Group justify="center" gap="sm">
        {pdfLink ? (
          <Button
            component="a"
            href={pdfLink}
            target="_blank"
            rel="noopener noreferrer"
            leftSection={<IconDownload size={16} />}
            color="accent.7"
          >
            Download Booking
          </Button>
        ) : (
          <Button
            component={Link}
            to={paths.dashboard.book.getHref(bookingId)}
            leftSection={<IconDownload size={16} />}
            color="accent.7"
            onClick={onNavigate}
          >
            Download Booking
          </Button>
        )}
        <Button
          component={Link}
          to={paths.dashboard.book.getHref(bookingId)}
          variant="light"
          leftSection={<IconEye size={16} />}
          onClick={onNavigate}
        >
          View Booking
        </Button>
      </Group>
    </Stack>
  );
}
