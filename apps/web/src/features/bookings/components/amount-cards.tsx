import { Paper, SimpleGrid, Text } from '@mantine/core';
import type { ReactNode } from 'react';

export type AmountItem = { label: string; value: ReactNode };

/** A row of labelled figures (totals of a booking or a PNR); two a row on a phone. */
export function AmountCards({ items, label }: { items: AmountItem[]; label: string }) {
  return (
    <SimpleGrid cols={{ base: 2, sm: 3, md: items.length > 5 ? 6 : items.length }} spacing="sm" role="list" aria-label={label}>
      {items.map((item) => (
        <Paper key={item.label} withBorder radius="md" p="sm" role="listitem" aria-label={item.label}>
          <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
            {item.label}
          </Text>
          <Text fw={700} size="lg" mt={2}>
            {item.value}
          </Text>
        </Paper>
      ))}
    </SimpleGrid>
  );
}
