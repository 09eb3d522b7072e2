import { Badge, Stack, Text } from '@mantine/core';
import { BOOKING_STATE_LABELS, getBookingState, PAYMENT_STATUS_LABELS, type PaymentStatus } from '@portal/contract/booking-lifecycle';
import { missingNamesText } from '@portal/contract/deadlines';
import { formatDate } from '@/lib/format';

type StatusProps = { confirmed: 0 | 1; cancel_status: 0 | 1; cancel_at: string | null; ticketed?: 0 | 1 };

/** 'Ex. 12 Mar 2031 at 03:00 PM': the hold expiry in Asia/Karachi (000 §4). */
export function formatHoldExpiry(cancelAt: string | null): string | null {
  if (!cancelAt) return null;
  return `Ex. ${formatDate(cancelAt)} at ${formatDate(cancelAt, 'hh:mm A')}`;
}

/** Hold (with its expiry), Confirmed, Ticketed (PRODUCT §6: every passenger has a ticket number) or Cancelled (000 §4). */
export function BookingStatusBadge({ confirmed, cancel_status, cancel_at, ticketed }: StatusProps) {
  const state = getBookingState({ confirmed, cancel_status, ticketed });
  if (state === 'cancelled') {
    return (
      <Badge color="red" variant="light">
        Cancelled
      </Badge>
    );
  }
  if (state === 'confirmed' || state === 'ticketed') {
    return (
      <Badge color={state === 'ticketed' ? 'indigo' : 'teal'} variant="light">
        {BOOKING_STATE_LABELS[state]}
      </Badge>
    );
  }
  const expiry = formatHoldExpiry(cancel_at);
  return (
    <Stack gap={2} align="flex-start">
      <Badge color="orange" variant="light">
        Hold
      </Badge>
      {expiry ? (
        <Text size="xs" c="dimmed" style={{ whiteSpace: 'nowrap' }}>
          {expiry}
        </Text>
      ) : null}
    </Stack>
  );
}

const PAYMENT_COLORS: Record<PaymentStatus, string> = { 0: 'red', 1: 'yellow', 2: 'teal' };

/** Unpaid, Partial or Paid (000 §3 payment_status 0, 1, 2). */
export function PaymentStatusBadge({ status }: { status: PaymentStatus }) {
  return (
    <Badge color={PAYMENT_COLORS[status]} variant="dot">
      {PAYMENT_STATUS_LABELS[status]}
    </Badge>
  );
}

/** '2 names missing' on a booking booked with names later (PRODUCT §6); nothing once every name is given. */
export function MissingNamesBadge({ count }: { count: number }) {
  if (count <= 0) return null;
  return (
    <Badge color="orange" variant="outline" size="sm" style={{ whiteSpace: 'nowrap' }}>
      {missingNamesText(count)}
    </Badge>
  );
}
