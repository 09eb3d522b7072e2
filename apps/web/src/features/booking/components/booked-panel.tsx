import { Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconCircleCheck, IconDownload, IconEye } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useBookingPdfLink } from '../api/get-booking-pdf-link';

type BookedPanelProps = { bookingId: number; onNavigate: () => void };

/**
 * After add-booking (000 §2, §4): Download Booking (the signed booking PDF link of the booking's detail,
 * in a new tab; the booking page until that answer arrives) and View Booking.
 */
export function BookedPanel({ bookingId, onNavigate }: BookedPanelProps) {
  const pdfLink = useBookingPdfLink(bookingId).data ?? null;
  return (
    <Stack align="center" gap="md" py="lg">
      <ThemeIcon size={64} radius="xl" color="teal" variant="light" aria-hidden>
        <IconCircleCheck size={40} stroke={1.5} />
      </ThemeIcon>
      <Text ta="center" c="dimmed">
        Booking #{bookingId} is saved. Download its PDF or open it to follow its status.
      </Text>
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
