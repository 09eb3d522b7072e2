import { Alert, Anchor, Avatar, Badge, Button, Group, Paper, SimpleGrid, Stack, Text } from '@mantine/core';
import { formatPassengerName } from '@portal/contract/ticketing';
import type { BookingDetailResponse } from '@portal/contract/booking-lifecycle';
import { IconAlertCircle, IconArrowLeft, IconDownload, IconPlane, IconTicket } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import { isAdmin, useSession } from '@/lib/session';
import { useBookingDetail } from '../api/get-booking-detail';
import { AmountCards } from './amount-cards';
import { BookingActionsMenu } from './booking-actions-menu';
import { LegsTable, PassengersTable, PaymentsTable } from './booking-detail-tables';
import type { BookingRow } from './booking-row';
import { BookingStatusBadge, formatHoldExpiry, MissingNamesBadge, PaymentStatusBadge } from './booking-status';

/** The detail as a bookings-table row, for the actions menu and its dialogs. */
function detailToBookingRow({ data, groupdata }: BookingDetailResponse): BookingRow {
  return {
    ...data,
    air_line: groupdata.airline.name,
    airline_logo: groupdata.airline.logo,
    sector: groupdata.sector,
    date: groupdata.date,
    passenger_name: data.booking_sub[0] ? formatPassengerName(data.booking_sub[0]) : null,
    passengers: data.booking_sub.length,
  };
}

function InfoLine({ label, children }: { label: string; children: ReactNode }) {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start">
      <Text size="sm" c="dimmed" w={120} style={{ flexShrink: 0 }}>
        {label}
      </Text>
      <Text size="sm" fw={500} component="div">
        {children}
      </Text>
    </Group>
  );
}

/** PRODUCT §6: the booking passed the agent's credit limit by an admin's override (decision 032); both roles see it. */
function CreditOverrideNote() {
  return (
    <Group gap="xs" wrap="nowrap" align="flex-start" role="note" aria-label="Credit limit override">
      <Badge color="orange" variant="light" style={{ flexShrink: 0 }}>
        Credit override
      </Badge>
      <Text size="sm" c="dimmed">
        An admin booked or confirmed this past the agent's credit limit.
      </Text>
    </Group>
  );
}

function BookingDetailView({ detail, admin }: { detail: BookingDetailResponse; admin: boolean }) {
  const { data: booking, groupdata } = detail;
  const row = detailToBookingRow(detail);
  const counts = [
    `${booking.adults} Adult${booking.adults === 1 ? '' : 's'}`,
    booking.children ? `${booking.children} Child${booking.children === 1 ? '' : 'ren'}` : null,
    booking.infants ? `${booking.infants} Infant${booking.infants === 1 ? '' : 's'}` : null,
  ].filter(Boolean);
  const expiry = booking.confirmed === 0 && booking.cancel_status === 0 ? formatHoldExpiry(booking.cancel_at) : null;

  return (
    <>
      <PageHeader
        title={`Booking #${booking.id}`}
        description={`Booked on ${formatDateTime(booking.created_at)}`}
        actions={
          <>
            <Button
              component="a"
              href={booking.pdf_download_link}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<IconDownload size={16} />}
            >
              Download pdf
            </Button>
            {/* PRODUCT §6: admins type ticket numbers on the group's passenger list, this booking brought into view. */}
            {admin && booking.confirmed === 1 && booking.cancel_status === 0 ? (
              <Button
                component={Link}
                to={paths.dashboard.pnrTickets.getHref(booking.pnr, booking.id)}
                variant="light"
                color="indigo"
                leftSection={<IconTicket size={16} />}
              >
                Ticket numbers
              </Button>
            ) : null}
            <BookingActionsMenu booking={row} admin={admin} withView={false} />
          </>
        }
      />
      <Stack gap="lg">
        <SimpleGrid cols={{ base: 1, md: 2 }} spacing="md">
          <Paper withBorder radius="md" p="md">
            <Group gap="sm" wrap="nowrap" mb="sm">
              <Avatar src={groupdata.airline.logo} alt={groupdata.airline.name} size={44} radius="sm">
                <IconPlane size={20} />
              </Avatar>
              <div>
                <Text fw={700}>{groupdata.airline.name}</Text>
                <Text size="sm" c="dimmed">
                  {groupdata.sector} · {formatDate(groupdata.date)}
                </Text>
              </div>
            </Group>
            <Stack gap={6}>
              <InfoLine label="PNR">
                {admin ? (
                  <Anchor component={Link} to={paths.dashboard.pnr.getHref(booking.pnr)} ff="monospace" fw={700}>
                    {booking.pnr}
                  </Anchor>
                ) : (
                  <Text span ff="monospace" fw={700}>
                    {booking.pnr}
                  </Text>
                )}
              </InfoLine>
              <InfoLine label="Status">
                <BookingStatusBadge {...booking} />
              </InfoLine>
              {expiry ? <InfoLine label="Hold expiry">{formatDateTime(booking.cancel_at)}</InfoLine> : null}
              <InfoLine label="Payment">
                <PaymentStatusBadge status={booking.payment_status} />
              </InfoLine>
              <InfoLine label="Passengers">{counts.join(', ')}</InfoLine>
              {/* PRODUCT §6 names later: how many names are still due, and by when (Update Booking gives them). */}
              {booking.missing_names > 0 ? (
                <InfoLine label="Names">
                  <Group gap="xs">
                    <MissingNamesBadge count={booking.missing_names} />
                    {booking.name_deadline ? (
                      <Text span size="sm">
                        due by {formatDateTime(booking.name_deadline)}
                      </Text>
                    ) : null}
                  </Group>
                </InfoLine>
              ) : null}
            </Stack>
          </Paper>
          <Paper withBorder radius="md" p="md">
            <Stack gap={6}>
              <InfoLine label="Booking Date">{formatDate(booking.booking_date)}</InfoLine>
              <InfoLine label="Agent">
                {booking.agent_name}
                {booking.agent_id !== null ? ` (${AGENT_ID_PREFIX}${booking.agent_id})` : ''}
              </InfoLine>
              {/* Who added, edited, confirmed and cancelled it: admins only (000 §2). */}
              {admin ? (
                <>
                  <InfoLine label="Added By">{booking.added_by?.name ?? 'N/A'}</InfoLine>
                  <InfoLine label="Edited By">{booking.edit_by?.name ?? 'N/A'}</InfoLine>
                  <InfoLine label="Confirmed By">
                    {booking.confirmed_by ? `${booking.confirmed_by.name}, ${formatDateTime(booking.confirmed_at)}` : 'N/A'}
                  </InfoLine>
                  <InfoLine label="Cancelled By">
                    {booking.cancel_by ? `${booking.cancel_by.name}, ${formatDateTime(booking.cancelled_at)}` : 'N/A'}
                  </InfoLine>
                </>
              ) : null}
              <InfoLine label="Remarks">{booking.remarks ?? 'N/A'}</InfoLine>
            </Stack>
          </Paper>
        </SimpleGrid>
        <Stack gap="xs">
          <AmountCards
            label="Booking totals"
            items={[
              { label: 'Total Amount', value: formatPKR(booking.total_amount) },
              { label: 'Discount', value: formatPKR(booking.discount) },
              { label: 'Final Total', value: formatPKR(booking.final_total) },
              { label: 'Received Amount', value: formatPKR(booking.received_amount) },
              { label: 'Remaining Amount', value: formatPKR(booking.remaining_amount) },
              // PRODUCT §6: what an admin kept on cancelling it confirmed; the agent still owes it (decision 032).
              ...(booking.cancellation_charge > 0 ? [{ label: 'Cancellation Charge', value: formatPKR(booking.cancellation_charge) }] : []),
            ]}
          />
          {booking.credit_override === 1 ? <CreditOverrideNote /> : null}
        </Stack>
        <LegsTable legs={groupdata.legs} />
        <PassengersTable passengers={booking.booking_sub} />
        <PaymentsTable payments={booking.payments} admin={admin} booking={row} />
      </Stack>
    </>
  );
}

/** /dashboard/book/{id} (000 §2): admins call booking-detail, agents agent-booking-detail. */
export function BookingDetailPage({ id }: { id: number }) {
  const admin = isAdmin(useSession());
  const query = useBookingDetail({ admin, id });
  if (query.isPending && query.fetchStatus !== 'idle') return <PageLoader />;
  if (query.isError || !query.data) {
    return (
      <Stack gap="md" maw={560}>
        <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title="Booking not available">
          {query.error ? errorMessage(query.error) : 'Booking not found.'}
        </Alert>
        <Anchor component={Link} to={paths.dashboard.bookings.getHref()} size="sm">
          <Group gap={4}>
            <IconArrowLeft size={14} /> Back to All Bookings
          </Group>
        </Anchor>
      </Stack>
    );
  }
  return <BookingDetailView detail={query.data} admin={admin} />;
}
