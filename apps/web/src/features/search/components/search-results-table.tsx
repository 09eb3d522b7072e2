import { Paper, Skeleton, Table, Text } from '@mantine/core';

const COLUMNS = ['Airline', 'Sector/Date', 'Timing', 'Baggage/Meal', 'Price'] as const;
/** 5 skeleton rows while loading (000 §9). */
const SKELETON_ROWS = 5;

type SearchResultsTableProps = { loading?: boolean };

/** Flight search results (000 §2). Rows arrive with the search-flights issue; empty shows 'No Ticket Found'. */
export function SearchResultsTable({ loading = false }: SearchResultsTableProps) {
  return (
    <Paper withBorder radius="md" style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={640}>
        <Table verticalSpacing="sm" horizontalSpacing="md">
          <Table.Thead bg="var(--mantine-color-brand-7)">
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} c="white">
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {loading &&
              Array.from({ length: SKELETON_ROWS }, (_, row) => (
                <Table.Tr key={row}>
                  {COLUMNS.map((column) => (
                    <Table.Td key={column}>
                      <Skeleton height={14} radius="sm" />
                    </Table.Td>
                  ))}
                </Table.Tr>
              ))}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {loading ? null : (
        <Text ta="center" c="dimmed" py="xl">
          No Ticket Found
        </Text>
      )}
    </Paper>
  );
}
