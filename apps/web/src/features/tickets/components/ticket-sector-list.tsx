import { Badge, Button, Group, Paper, Skeleton, Stack, Title } from '@mantine/core';
import type { Ticket, TicketSectorGroup } from '@portal/contract/tickets';
import { NO_TICKET_FOUND_TEXT } from '@portal/contract/tickets';
import { IconPlaneDeparture } from '@tabler/icons-react';
import { useState, type ReactNode } from 'react';
import { EmptyState } from '@/components/empty-state';
import { TicketCard } from './ticket-card';

type TicketSectorListProps = {
  groups: TicketSectorGroup[] | undefined;
  loading: boolean;
  signedIn: boolean;
  /** The Book button of a ticket (the page composes it from the booking feature). */
  renderAction?: (ticket: Ticket) => ReactNode;
  /** Beside a sector's title: its Share menu (decision 026), given by the page. */
  renderSectorAction?: (group: TicketSectorGroup) => ReactNode;
  emptyText?: string;
  /**
   * Show only this many cards per sector until 'Show all N PNRs' is pressed (the public home page: a phone
   * should not have to lay out every open group before the visitor can scroll; decision 010). Unset: all.
   */
  collapseAfter?: number;
};

/** The label of the button that opens a collapsed sector. */
export function showAllLabel(count: number): string {
  return `Show all ${count} PNRs`;
}

function CardSkeletons() {
  return (
    <Stack gap="sm" role="status" aria-label="Loading tickets">
      {Array.from({ length: 3 }, (_, index) => (
        <Paper key={index} withBorder p="md">
          <Group gap="md" wrap="nowrap">
            <Skeleton height={44} width={44} radius="sm" />
            <Stack gap={6} style={{ flex: 1 }}>
              <Skeleton height={12} width="40%" />
              <Skeleton height={12} width="70%" />
              <Skeleton height={12} width="55%" />
            </Stack>
          </Group>
        </Paper>
      ))}
    </Stack>
  );
}

/** Ticket cards grouped by sector (000 §2, agent view); 'No Ticket Found' when there are none. */
export function TicketSectorList({
  groups,
  loading,
  signedIn,
  renderAction,
  renderSectorAction,
  emptyText = NO_TICKET_FOUND_TEXT,
  collapseAfter,
}: TicketSectorListProps) {
  const [opened, setOpened] = useState<ReadonlySet<string>>(new Set());
  if (loading && !groups) return <CardSkeletons />;
  const sectors = (groups ?? []).filter((group) => group.tickets.length > 0);
  if (sectors.length === 0) return <EmptyState text={emptyText} icon={<IconPlaneDeparture size={26} stroke={1.5} />} />;
  return (
    <Stack gap="xl">
      {sectors.map((group) => (
        <Stack key={group.sector} gap="sm" component="section" aria-label={group.sector}>
          <Group gap="sm">
            <Title order={3} fz="lg">
              {group.sector}
            </Title>
            <Badge variant="light" radius="sm">
              {group.tickets.length} {group.tickets.length === 1 ? 'PNR' : 'PNRs'}
            </Badge>
            {renderSectorAction?.(group)}
          </Group>
          {(collapseAfter === undefined || opened.has(group.sector) ? group.tickets : group.tickets.slice(0, collapseAfter)).map((ticket) => (
            <TicketCard key={ticket.id} ticket={ticket} signedIn={signedIn} action={renderAction?.(ticket)} />
          ))}
          {collapseAfter !== undefined && !opened.has(group.sector) && group.tickets.length > collapseAfter && (
            <Button variant="light" onClick={() => setOpened((current) => new Set(current).add(group.sector))} style={{ alignSelf: 'flex-start' }}>
              {showAllLabel(group.tickets.length)}
            </Button>
          )}
        </Stack>
      ))}
    </Stack>
  );
}
