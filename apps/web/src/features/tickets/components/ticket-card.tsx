import { Badge, Divider, Grid, Group, Paper, Stack, Text } from '@mantine/core';
import type { Ticket } from '@portal/contract/tickets';
import { IconAlertTriangle, IconBriefcase, IconToolsKitchen2 } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AirlineLogo } from './airline-logo';
import { baggageLines } from './baggage';
import { fareText } from './fare-text';
import { seatsLeftText } from './seats-left';
import { formatDateTime } from '@/lib/format';
import { TicketLegs } from './ticket-legs';

type TicketCardProps = {
  ticket: Ticket;
  signedIn: boolean;
  /** The Book button, given by the page (features do not import each other). */
  action?: ReactNode;
};

/**
 * One ticket row of the agent view (000 §2 "Ticket cards"): PNR, legs, airline logo, baggage with
 * the 7kg hand baggage, meal, price, Sold and Remaining, the seats-left warning and Book.
 * Columns on wide screens, stacked on a phone.
 */
export function TicketCard({ ticket, signedIn, action }: TicketCardProps) {
  const warning = seatsLeftText(ticket.remaining);
  return (
    <Paper withBorder p="md" radius="md" shadow="xs" component="article" aria-label={`PNR ${ticket.pnr}`}>
      <Grid gap="md" align="center">
        <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
          <Group gap="sm" wrap="nowrap">
            <AirlineLogo src={ticket.air_line_logo} name={ticket.air_line} />
            <Stack gap={2} miw={0}>
              <Text size="sm" fw={600} lineClamp={2}>
                {ticket.air_line}
              </Text>
              <Text size="xs" c="dimmed">
                PNR <Text span fw={700} c="var(--mantine-color-text)">{ticket.pnr}</Text>
              </Text>
            </Stack>
          </Group>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 5 }}>
          <TicketLegs legs={ticket.subpart} />
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 4, md: 2 }}>
          <Stack gap={4}>
            {baggageLines(ticket).map((line, index) => (
              <Group key={index} gap={6} wrap="nowrap">
                <IconBriefcase size={14} aria-hidden />
                <Text size="sm">{line}</Text>
              </Group>
            ))}
            <Group gap={6} wrap="nowrap">
              <IconToolsKitchen2 size={14} aria-hidden />
              <Text size="sm">{ticket.meal === 1 ? 'Meal' : 'No Meal'}</Text>
            </Group>
          </Stack>
        </Grid.Col>
        <Grid.Col span={{ base: 12, sm: 8, md: 3 }}>
          <Divider hiddenFrom="sm" mb="sm" />
          <Stack gap={6} align="stretch">
            <Text fw={700} fz="lg" c="brand.7">
              {fareText(ticket.price, signedIn)}
            </Text>
            <Group gap="xs">
              <Badge variant="light" color="gray" radius="sm">
                Sold: {ticket.sold}
              </Badge>
              <Badge variant="light" color="brand" radius="sm">
                Remaining: {ticket.remaining}
              </Badge>
            </Group>
            {ticket.name_deadline ? (
              <Text size="sm" c="dimmed">
                Names by {formatDateTime(ticket.name_deadline)}
              </Text>
            ) : null}
            {warning ? (
              <Group gap={4} wrap="nowrap" c="red.7">
                <IconAlertTriangle size={14} aria-hidden />
                <Text size="sm" fw={600} c="red.7">
                  {warning}
                </Text>
              </Group>
            ) : null}
            {action}
          </Stack>
        </Grid.Col>
      </Grid>
    </Paper>
  );
}
