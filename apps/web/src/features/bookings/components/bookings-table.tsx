import { Anchor, Avatar, Group, Table, Text } from '@mantine/core';
import { IconPlane } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { paths } from '@/config/paths';
import { DataTable, TableCard } from '@/components/data-table';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import { BookingActionsMenu } from './booking-actions-menu';
import { getBookingColumns } from './booking-columns';
import type { BookingRow } from './booking-row';
import { BookingStatusBadge, MissingNamesBadge, PaymentStatusBadge } from './booking-status';

type BookingsTableProps = {
  rows: BookingRow[];
  admin: boolean;
  /** The spec's empty text: 'No bookings found' or, on the pending page, 'No bookings found.'. */
  emptyText: string;
  loading?: boolean;
  caption?: ReactNode;
  /** The pager footer of a paged list. */
  footer?: ReactNode;
  /** A Due column: what is still owed on each booking (the General Report). */
  withDue?: boolean;
};

function BookingTableRow({ booking, admin, withDue }: { booking: BookingRow; admin: boolean; withDue: boolean }) {
  const more = booking.passengers - 1;
  return (
    <Table.Tr>
      <Table.Td>
        {/* The id opens the booking (decision 023: every list and search result opens its page). */}
        <Anchor component={Link} to={paths.dashboard.book.getHref(booking.id)} size="sm" aria-label={`Booking ${booking.id}`}>
          {booking.id}
        </Anchor>
      </Table.Td>
      <Table.Td>
        {/* Only admins open the full PNR (000 §2, §6). */}
        {admin ? (
          <Anchor component={Link} to={paths.dashboard.pnr.getHref(booking.pnr)} fw={700} size="sm" ff="monospace">
            {booking.pnr}
          </Anchor>
        ) : (
          <Text fw={700} size="sm" ff="monospace">
            {booking.pnr}
          </Text>
        )}
      </Table.Td>
      <Table.Td>
        <Group gap="xs" wrap="nowrap">
          <Avatar src={booking.airline_logo} alt={booking.air_line} size={28} radius="sm">
            <IconPlane size={14} />
          </Avatar>
          <Text size="sm">{booking.air_line}</Text>
        </Group>
      </Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{booking.sector}</Table.Td>
      <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(booking.date)}</Table.Td>
      {admin ? (
        <Table.Td>
          <PaymentStatusBadge status={booking.payment_status} />
        </Table.Td>
      ) : null}
      {withDue ? (
        <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600}>
          {formatPKR(booking.remaining_amount)}
        </Table.Td>
      ) : null}
      <Table.Td>
        <Text size="sm">{booking.passenger_name ?? 'N/A'}</Text>
        {more > 0 ? (
          <Text size="xs" c="dimmed">
            +{more} more
          </Text>
        ) : null}
        <MissingNamesBadge count={booking.missing_names} />
      </Table.Td>
      {admin ? (
        <Table.Td>
          <Text size="sm">{booking.agent_name}</Text>
          {booking.agent_id !== null ? (
            <Text size="xs" c="dimmed">
              {AGENT_ID_PREFIX}
              {booking.agent_id}
            </Text>
          ) : null}
        </Table.Td>
      ) : null}
      <Table.Td>{formatDateTime(booking.created_at)}</Table.Td>
      <Table.Td>
        <BookingStatusBadge {...booking} />
      </Table.Td>
      <Table.Td>
        <BookingActionsMenu booking={booking} admin={admin} />
      </Table.Td>
    </Table.Tr>
  );
}

/**
 * The bookings table of 000 §2 (All Bookings, Bookings Details, cancelled, PNR page): the admin-only
 * columns, the status badges, the row menu, and the empty text. Status and the menu stay pinned on a laptop;
 * a phone shows each booking as a card (DataTable).
 */
export function BookingsTable({ rows, admin, emptyText, loading = false, caption, footer, withDue = false }: BookingsTableProps) {
  const columns = getBookingColumns(admin, { due: withDue });
  return (
    <TableCard caption={caption}>
      <DataTable
        columns={columns}
        minWidth={(admin ? 1000 : 900) + (withDue ? 110 : 0)}
        stickyEnd={2}
        actionsColumn
        label={typeof caption === 'string' ? caption : 'Bookings'}
        empty={rows.length === 0 ? { text: emptyText, loading } : undefined}
      >
        {rows.map((booking) => (
          <BookingTableRow key={booking.id} booking={booking} admin={admin} withDue={withDue} />
        ))}
      </DataTable>
      {footer}
    </TableCard>
  );
}
