import { Anchor, Avatar, Badge, Box, Group, Paper, SimpleGrid, Skeleton, Stack, Text, ThemeIcon, Title, UnstyledButton } from '@mantine/core';
import { DASHBOARD_TEXTS, NO_DATA_FOUND_TEXT, type AdminDashboard } from '@portal/contract/dashboard';
import { IconArrowRight, IconClockHour4, IconCoins, IconHourglassLow, IconInbox, IconPlane } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import classes from './dashboard-lists.module.css';

type DashboardBooking = AdminDashboard['pending'][number];
type EndingSoon = AdminDashboard['pnrs'][number];

/** Same threshold as the ticket cards' seats-left warning (000 §9). */
const FEW_SEATS_LEFT = 3;

type ListCardProps<T> = {
  title: string;
  /** The title links to the full list when there is one (000 §2). */
  titleHref?: string;
  icon: ReactNode;
  rows: T[] | undefined;
  renderRow: (row: T) => ReactNode;
  /** How many rows the whole list has, when `rows` are only its first ones (the badge shows it). */
  total?: number;
  /** The whole list's page: a 'View all' link under the rows (decision 023). */
  viewAllHref?: string;
};

export function ListCard<T extends { key: string }>({ title, titleHref, icon, rows, renderRow, total, viewAllHref }: ListCardProps<T>) {
  return (
    <Paper withBorder component="section" aria-label={title} aria-busy={rows ? undefined : true} style={{ overflow: 'hidden' }}>
      <Group justify="space-between" px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
        <Group gap="xs">
          <ThemeIcon size="md" variant="light" radius="md" aria-hidden>
            {icon}
          </ThemeIcon>
          <Title order={3} fz="md">
            {titleHref ? (
              <Anchor component={Link} to={titleHref} inherit c="inherit" underline="hover">
                {title}
                <IconArrowRight size={14} style={{ marginLeft: 4, verticalAlign: 'middle' }} aria-hidden />
              </Anchor>
            ) : (
              title
            )}
          </Title>
        </Group>
        {rows ? (
          <Badge variant="light" color="gray" radius="sm">
            {total ?? rows.length}
          </Badge>
        ) : null}
      </Group>
      {!rows ? (
        <Stack gap="sm" p="md">
          {Array.from({ length: 4 }, (_, index) => (
            <Group key={index} gap="sm" wrap="nowrap">
              <Skeleton height={32} width={32} radius="sm" />
              <Stack gap={6} style={{ flex: 1 }}>
                <Skeleton height={10} width="50%" />
                <Skeleton height={10} width="75%" />
              </Stack>
            </Group>
          ))}
        </Stack>
      ) : rows.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl" size="sm">
          <IconInbox size={28} stroke={1.4} style={{ display: 'block', margin: '0 auto 6px' }} aria-hidden />
          {NO_DATA_FOUND_TEXT}
        </Text>
      ) : (
        <Box component="ul" m={0} p={0} style={{ listStyle: 'none' }}>
          {rows.map((row) => (
            <li key={row.key} style={{ borderBottom: '1px solid var(--mantine-color-gray-1)' }}>
              {renderRow(row)}
            </li>
          ))}
        </Box>
      )}
      {viewAllHref && rows && rows.length > 0 ? (
        <Group justify="flex-end" px="md" py={8}>
          <Anchor component={Link} to={viewAllHref} size="sm" fw={600}>
            {DASHBOARD_TEXTS.viewAll} ({total ?? rows.length})
            <IconArrowRight size={14} style={{ marginLeft: 4, verticalAlign: 'middle' }} aria-hidden />
          </Anchor>
        </Group>
      ) : null}
    </Paper>
  );
}

export function RowLink({ to, children }: { to: string; children: ReactNode }) {
  return (
    <UnstyledButton component={Link} to={to} display="block" w="100%" px="md" py={8} className={classes.row}>
      <Group gap="sm" wrap="nowrap">
        {children}
      </Group>
    </UnstyledButton>
  );
}

function BookingRow({ booking, amount }: { booking: DashboardBooking; amount: ReactNode }) {
  return (
    <RowLink to={paths.dashboard.book.getHref(booking.id)}>
      <Avatar src={booking.airline_logo} alt="" size={32} radius="sm" color="brand" variant="light" imageProps={{ style: { objectFit: 'contain' } }}>
        <IconPlane size={16} aria-hidden />
      </Avatar>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {booking.pnr}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {booking.agent_name} · {formatDate(booking.booking_date)}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        {amount}
      </Stack>
    </RowLink>
  );
}

function PendingRow({ booking }: { booking: DashboardBooking }) {
  return (
    <BookingRow
      booking={booking}
      amount={
        <Text size="sm" fw={600} c="orange.8">
          {formatPKR(booking.remaining_amount)}
        </Text>
      }
    />
  );
}

function PartialRow({ booking }: { booking: DashboardBooking }) {
  return (
    <BookingRow
      booking={booking}
      amount={
        <>
          <Text size="sm" fw={600} c="orange.8">
            {formatPKR(booking.remaining_amount)}
          </Text>
          <Text size="xs" c="dimmed">
            Received {formatPKR(booking.received_amount)}
          </Text>
        </>
      }
    />
  );
}

function EndingSoonRow({ group }: { group: EndingSoon }) {
  const few = group.remaining <= FEW_SEATS_LEFT;
  return (
    <RowLink to={paths.dashboard.pnr.getHref(group.pnr)}>
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {group.pnr}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {group.departure_sector_name} · {formatDate(group.departure_date)}
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
        <Badge size="sm" variant="light" color={few ? 'red' : 'teal'} radius="sm">
          {group.remaining} left
        </Badge>
        <Text size="xs" c="dimmed">
          Sold {group.sold}/{group.total_ticket}
        </Text>
      </Stack>
    </RowLink>
  );
}

/**
 * The admin's lists (000 §2): Pending Payments (title to the pending bookings), Partial Paid (title to the
 * payments report), rows opening the booking; Ending Soon rows open the PNR. 'No Data Found' when empty.
 */
export function DashboardLists({ data }: { data: AdminDashboard | undefined }) {
  return (
    <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
      <ListCard
        title={DASHBOARD_TEXTS.pendingPayments}
        titleHref={paths.dashboard.pendingBookings.getHref()}
        icon={<IconClockHour4 size={18} />}
        rows={data?.pending}
        renderRow={(booking) => <PendingRow booking={booking} />}
      />
      <ListCard
        title={DASHBOARD_TEXTS.partialPaid}
        titleHref={paths.dashboard.payments.getHref()}
        icon={<IconCoins size={18} />}
        rows={data?.partials}
        renderRow={(booking) => <PartialRow booking={booking} />}
      />
      <ListCard
        title={DASHBOARD_TEXTS.endingSoon}
        icon={<IconHourglassLow size={18} />}
        rows={data?.pnrs}
        renderRow={(group) => <EndingSoonRow group={group} />}
      />
    </SimpleGrid>
  );
}
