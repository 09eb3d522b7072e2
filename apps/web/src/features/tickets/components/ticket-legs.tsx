import { Group, Stack, Text } from '@mantine/core';
import type { TicketLeg } from '@portal/contract/tickets';
import { IconArrowRight } from '@tabler/icons-react';
import { formatDate } from '@/lib/format';

/** 'Mon, 10 Mar 2031': the leg's weekday as the server gives it, then its departure date. */
export function legDateText(leg: Pick<TicketLeg, 'day' | 'departure_date'>): string {
  return `${leg.day}, ${formatDate(leg.departure_date)}`;
}

/** Per leg: departure date and day, times and sector (000 §2 ticket cards). */
export function TicketLegs({ legs }: { legs: TicketLeg[] }) {
  return (
    <Stack gap={6}>
      {legs.map((leg) => (
        <Group key={leg.position} gap="xs" wrap="wrap" align="baseline">
          <Text size="sm" fw={600} miw={120}>
            {legDateText(leg)}
          </Text>
          <Group gap={4} wrap="nowrap" miw={110}>
            <Text size="sm">{leg.departure_time}</Text>
            <IconArrowRight size={12} aria-hidden />
            <Text size="sm">{leg.arivval_time}</Text>
          </Group>
          <Text size="sm" fw={500}>
            {leg.departure_sector_name}
          </Text>
          <Text size="xs" c="dimmed">
            {leg.departure_flight_number}
          </Text>
        </Group>
      ))}
    </Stack>
  );
}
