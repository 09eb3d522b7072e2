import { Paper, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type EmptyTableProps = {
  columns: string[];
  /** The spec's empty text, e.g. 'No bookings found'. */
  emptyText: string;
  caption?: ReactNode;
};

/** A table with its headings and the empty text below them; the shape lists take before data arrives. */
export function EmptyTable({ columns, emptyText, caption }: EmptyTableProps) {
  return (
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      {caption ? (
        <Text fw={600} px="md" py="sm" style={{ borderBottom: '1px solid var(--mantine-color-default-border)' }}>
          {caption}
        </Text>
      ) : null}
      <Table.ScrollContainer minWidth={Math.max(480, columns.length * 90)}>
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              {columns.map((column) => (
                <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
        </Table>
      </Table.ScrollContainer>
      {/* Outside the scroll area so the text stays centred on narrow screens. */}
      <Text ta="center" c="dimmed" py="xl" size="sm">
        <IconInbox size={28} stroke={1.4} style={{ display: 'block', margin: '0 auto 6px' }} aria-hidden />
        {emptyText}
      </Text>
    </Paper>
  );
}
