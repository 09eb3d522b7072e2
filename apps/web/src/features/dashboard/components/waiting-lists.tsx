import { Avatar, Badge, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { DASHBOARD_TEXTS, type AdminDashboard, type PendingAgent, type WaitingBooking } from '@portal/contract/dashboard';
import { IconCashBanknote, IconHourglassHigh, IconPlane, IconUserQuestion } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { paths } from '@/config/paths';
import { formatDate, toKarachi } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import { ListCard, RowLink } from './dashboard-lists';

/** A hold running out within this many minutes is shown in red. */
const URGENT_MINUTES = 60;

/** The time now, renewed every minute: the holds' countdowns and the agents' waiting times move on their own. */
function useNow(): Date {
  const [now, setNow] = useState(() => new Date());
  useEffect(() => {
    const timer = window.setInterval(() => setNow(new Date()), 60_000);
    return () => window.clearInterval(timer);
  }, []);
  return now;
}

/** '25 min', '2 h 10 min', '1 d 3 h': a duration of whole minutes (never below 0). */
function formatMinutes(total: number): string {
  const minutes = Math.max(0, Math.floor(total));
  if (minutes < 60) return `${minutes} min`;
  const hours = Math.floor(minutes / 60);
  if (hours < 24) return minutes % 60 === 0 ? `${hours} h` : `${hours} h ${minutes % 60} min`;
  const days = Math.floor(hours / 24);
  return hours % 24 === 0 ? `${days} d` : `${days} d ${hours % 24} h`;
}

/** How long until `instant`: '25 min', '2 h 10 min'. */
export function timeLeft(instant: string, now: Date): string {
  return formatMinutes((Date.parse(instant) - now.getTime()) / 60_000);
}

/** How long since `instant`: '25 min', '3 d 2 h'. */
export function timeSince(instant: string, now: Date): string {
  return formatMinutes((now.getTime() - Date.parse(instant)) / 60_000);
}

function BookingAvatar({ booking }: { booking: WaitingBooking }) {
  return (
    <Avatar src={booking.airline_logo} alt="" size={32} radius="sm" color="brand" variant="light" imageProps={{ style: { objectFit: 'contain' } }}>
      <IconPlane size={16} aria-hidden />
    </Avatar>
  );
}

function HoldRow({ booking, now }: { booking: WaitingBooking; now: Date }) {
  const expiry = booking.cancel_at;
  const urgent = expiry !== null && Date.parse(expiry) - now.getTime() < URGENT_MINUTES * 60_000;
  const expiryDay = expiry ? toKarachi(expiry).format('YYYY-MM-DD') : null;
  return (
    <RowLink to={paths.dashboard.book.getHref(booking.id)}>
      <BookingAvatar booking={booking} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {booking.pnr}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {booking.passengers} pax · {booking.agent_name}
        </Text>
      </Stack>
      {expiry ? (
        <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
          <Text size="sm" fw={600} c={urgent ? 'red.8' : 'orange.8'}>
            {timeLeft(expiry, now)} left
          </Text>
          <Text size="xs" c="dimmed">
            {/* The day only when it is not today (Asia/Karachi). */}
            Expires {expiryDay === formatDate(now, 'YYYY-MM-DD') ? formatDate(expiry, 'hh:mm A') : formatDate(expiry, 'DD MMM, hh:mm A')}
          </Text>
        </Stack>
      ) : null}
    </RowLink>
  );
}

function PendingAgentRow({ agent, now }: { agent: PendingAgent; now: Date }) {
  const place = [agent.agency_name, agent.city].filter(Boolean).join(' · ');
  // The header search's page lists the agent with its actions (Accept, Reject, Edit): its e-mail finds it alone.
  return (
    <RowLink to={paths.dashboard.search.getHref(agent.email ?? agent.name)}>
      <Avatar name={agent.name} alt="" size={32} radius="xl" color="brand" />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600} truncate>
          {agent.name}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {place || agent.email || agent.phone || 'N/A'}
        </Text>
      </Stack>
      <Stack gap={0} align="flex-end" style={{ flexShrink: 0 }}>
        <Text size="sm" fw={600}>
          {timeSince(agent.created_at, now)}
        </Text>
        <Text size="xs" c="dimmed">
          waiting
        </Text>
      </Stack>
    </RowLink>
  );
}

function PaymentDueRow({ booking, now }: { booking: WaitingBooking; now: Date }) {
  const flown = booking.departure_date < formatDate(now, 'YYYY-MM-DD');
  return (
    <RowLink to={paths.dashboard.book.getHref(booking.id)}>
      <BookingAvatar booking={booking} />
      <Stack gap={0} style={{ flex: 1, minWidth: 0 }}>
        <Text size="sm" fw={600}>
          {booking.pnr}
        </Text>
        <Text size="xs" c="dimmed" truncate>
          {/* The date first: it orders the list, and a long agency name is cut after it. */}
          {flown ? 'Flew' : 'Flies'} {formatDate(booking.departure_date)} · {booking.agent_name}
        </Text>
      </Stack>
      <Stack gap={2} align="flex-end" style={{ flexShrink: 0 }}>
        <Text size="sm" fw={600} c="orange.8">
          {formatPKR(booking.remaining_amount)}
        </Text>
        {flown ? (
          <Badge size="xs" color="red" variant="light" radius="sm">
            Overdue
          </Badge>
        ) : booking.received_amount > 0 ? (
          <Text size="xs" c="dimmed">
            Received {formatPKR(booking.received_amount)}
          </Text>
        ) : null}
      </Stack>
    </RowLink>
  );
}

/**
 * What waits for the admin (issue 21 point 5, decision 023): holds running out soonest first, agents awaiting
 * approval, bookings with payments due (flown ones first); each row opens its booking or agent, each list its page.
 */
export function WaitingLists({ data }: { data: AdminDashboard | undefined }) {
  const now = useNow();
  return (
    <Stack gap="xs">
      <Title order={3} fz="md">
        {DASHBOARD_TEXTS.waiting}
      </Title>
      <SimpleGrid cols={{ base: 1, md: 2, lg: 3 }} spacing="md">
        <ListCard
          title={DASHBOARD_TEXTS.holds}
          icon={<IconHourglassHigh size={18} />}
          rows={data?.holds.data}
          total={data?.holds.total}
          viewAllHref={paths.dashboard.bookings.getHref('hold')}
          renderRow={(booking) => <HoldRow booking={booking} now={now} />}
        />
        <ListCard
          title={DASHBOARD_TEXTS.pendingAgents}
          icon={<IconUserQuestion size={18} />}
          rows={data?.pending_agents.data}
          total={data?.pending_agents.total}
          viewAllHref={paths.dashboard.agents.getHref('pending')}
          renderRow={(agent) => <PendingAgentRow agent={agent} now={now} />}
        />
        <ListCard
          title={DASHBOARD_TEXTS.paymentsDue}
          icon={<IconCashBanknote size={18} />}
          rows={data?.payments_due.data}
          total={data?.payments_due.total}
          viewAllHref={paths.dashboard.pendingBookings.getHref()}
          renderRow={(booking) => <PaymentDueRow booking={booking} now={now} />}
        />
      </SimpleGrid>
    </Stack>
  );
}
