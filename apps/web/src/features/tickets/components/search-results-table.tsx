import { Group, Paper, Skeleton, Stack, Table, Text } from '@mantine/core';
import { NO_TICKET_FOUND_TEXT, type Ticket } from '@portal/contract/tickets';
import { IconArrowRight, IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { AirlineLogo } from './airline-logo';
import { baggageLines } from './baggage';
import { fareText } from './fare-text';
import { seatsLeftText } from './seats-left';
import { legDateText } from './ticket-legs';

const COLUMNS = ['Airline', 'Sector/Date', 'Timing', 'Baggage/Meal', 'Price'] as const;
/** 5 skeleton rows while loading (000 §9). */
const SKELETON_ROWS = 5;

type SearchResultsTableProps = {
  tickets: Ticket[] | undefined;
  loading: boolean;
  signedIn: boolean;
  /** The Book button of a row (the page composes it from the booking feature). */
  renderAction?: (ticket: Ticket) => ReactNode;
};

function ResultRow({ ticket, signedIn, action }: { ticket: Ticket; signedIn: boolean; action?: ReactNode }) {
  const warning = seatsLeftText(ticket.remaining);
  return (
    <Table.Tr>
      <Table.Td>
        <Group gap="sm" wrap="nowrap">
          <AirlineLogo src={ticket.air_line_logo} name={ticket.air_line} size={36} />
          <Stack gap={0}>
            <Text size="sm" fw={600}>
              {ticket.air_line}
            </Text>
            <Text size="xs" c="dimmed">
              PNR {ticket.pnr}
            </Text>
          </Stack>
        </Group>
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          {ticket.subpart.map((leg) => (
            <Stack key={leg.position} gap={0}>
              <Text size="sm" fw={600}>
                {leg.departure_sector_name}
              </Text>
              <Text size="xs" c="dimmed">
                {legDateText(leg)}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={4}>
          {ticket.subpart.map((leg) => (
            <Stack key={leg.position} gap={0}>
              <Group gap={4} wrap="nowrap">
                <Text size="sm">{leg.departure_time}</Text>
                <IconArrowRight size={12} aria-hidden />
                <Text size="sm">{leg.arivval_time}</Text>
              </Group>
              <Text size="xs" c="dimmed">
                {leg.departure_flight_number}
              </Text>
            </Stack>
          ))}
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={2}>
          {baggageLines(ticket).map((line, index) => (
            <Text key={index} size="sm">
              {line}
            </Text>
          ))}
          <Text size="xs" c="dimmed">
            {ticket.meal === 1 ? 'Meal' : 'No Meal'}
          </Text>
        </Stack>
      </Table.Td>
      <Table.Td>
        <Stack gap={6} align="flex-start">
          <Text fw={700} c="brand.7" style={{ whiteSpace: 'nowrap' }}>
            {fareText(ticket.price, signedIn)}
          </Text>
          {warning ? (
            <Text size="xs" fw={600} c="red.7">
              {warning}
            </Text>
          ) : null}
          {action}
        </Stack>
      </Table.Td>
    </Table.Tr>
  );
}

/** Flight search results (000 §2): Airline, Sector/Date, Timing, Baggage/Meal, Price; scrolls sideways on a phone. */
export function SearchResultsTable({ tickets, loading, signedIn, renderAction }: SearchResultsTableProps) {
  const showSkeleton = loading && !tickets;
  const empty = !showSkeleton && (tickets ?? []).length === 0;
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={760}>
        <Table verticalSpacing="sm" horizontalSpacing="md" striped="even">
          <Table.Thead bg="var(--mantine-color-brand-7)">
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} c="white" style={{ whiteSpace: 'nowrap' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {showSkeleton
              ? Array.from({ length: SKELETON_ROWS }, (_, row) => (
                  <Table.Tr key={row} data-testid="skeleton-row">
                    {COLUMNS.map((column) => (
                      <Table.Td key={column}>
                        <Skeleton height={14} radius="sm" />
                      </Table.Td>
                    ))}
                  </Table.Tr>
                ))
              : (tickets ?? []).map((ticket) => (
                  <ResultRow key={ticket.id} ticket={ticket} signedIn={signedIn} action={renderAction?.(ticket)} />
                ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {empty ? (
        // Outside the scroll area so the text stays centred on narrow screens.
        <Text ta="center" c="dimmed" py="xl" size="sm">
          <IconInbox size={28} stroke={1.4} style={{ display: 'block', margin: '0 auto 6px' }} aria-hidden />
          {NO_TICKET_FOUND_TEXT}
        </Text>
      ) : null}
    </Paper>
  );
}
