import { Alert, Button, Group, Paper, SegmentedControl, Skeleton, Table, Text, Title } from '@mantine/core';
import { NO_DATA_FOUND_TEXT } from '@portal/contract/dashboard';
import type { InsightReport } from '@portal/contract/insights';
import { IconFileSpreadsheet } from '@tabler/icons-react';
import { Suspense, useId, useState, type ReactNode } from 'react';
import { errorMessage } from '@/lib/api-client';
import { useDownloadInsight } from '../api/get-insights';

export type InsightView = 'chart' | 'table';

export interface InsightTable {
  columns: string[];
  rows: Array<{ key: string; cells: ReactNode[] }>;
  footer?: ReactNode[];
}

interface InsightPanelProps {
  title: string;
  report: InsightReport;
  /** The report's query: still loading, or failed. */
  query: { isPending: boolean; error: unknown };
  empty: boolean;
  /** The chart, named by `label`. */
  chart: (label: string) => ReactNode;
  table: () => InsightTable;
}

/**
 * One insight (decision 034): a titled card with a Chart / Table switch and its xlsx export. The chart (loaded lazily
 * by the caller) is named by its title; the table holds the same numbers and is the chart's accessible alternative.
 */
export function InsightPanel({ title, report, query, empty, chart, table }: InsightPanelProps) {
  const { isPending: loading, error } = query;
  const [view, setView] = useState<InsightView>('chart');
  const download = useDownloadInsight();
  const headingId = useId();
  let body: ReactNode;
  // Named as this chart's failure, so a page's own error message stays the one the page shows.
  if (error) body = <Alert color="red" variant="light">{`This chart could not be loaded: ${errorMessage(error)}`}</Alert>;
  else if (loading) body = <Skeleton h={260} />;
  else if (empty) body = <Text c="dimmed" ta="center" py="xl">{NO_DATA_FOUND_TEXT}</Text>;
  else if (view === 'chart') body = <Suspense fallback={<Skeleton h={260} />}>{chart(`${title}: bar chart; the Table view has the numbers`)}</Suspense>;
  else body = <InsightTableView label={title} {...table()} />;
  return (
    <Paper withBorder radius="md" p="md" component="section" aria-labelledby={headingId}>
      <Group justify="space-between" mb="sm" gap="xs">
        <Title order={3} fz="md" id={headingId}>
          {title}
        </Title>
        <Group gap="xs" data-no-print>
          <SegmentedControl
            size="xs"
            aria-label={`${title}: view`}
            value={view}
            onChange={(value) => setView(value as InsightView)}
            data={[
              { value: 'chart', label: 'Chart' },
              { value: 'table', label: 'Table' },
            ]}
          />
          <Button
            size="xs"
            variant="default"
            leftSection={<IconFileSpreadsheet size={14} />}
            onClick={() => download.mutate(report)}
            loading={download.isPending}
            disabled={loading || Boolean(error)}
            aria-label={`${title}: download xlsx`}
          >
            xlsx
          </Button>
        </Group>
      </Group>
      {body}
    </Paper>
  );
}

function InsightTableView({ label, columns, rows, footer }: InsightTable & { label: string }) {
  return (
    // Amounts never wrap: on a phone the table scrolls sideways instead.
    <Table.ScrollContainer minWidth={columns.length * 120} maxHeight={360}>
      <Table striped highlightOnHover stickyHeader aria-label={label} style={{ whiteSpace: 'nowrap' }}>
        <Table.Thead>
          <Table.Tr>
            {columns.map((column, index) => (
              <Table.Th key={column} ta={index === 0 ? 'left' : 'right'}>
                {column}
              </Table.Th>
            ))}
          </Table.Tr>
        </Table.Thead>
        <Table.Tbody>
          {rows.map((row) => (
            <Table.Tr key={row.key}>
              {row.cells.map((cell, index) => (
                <Table.Td key={index} ta={index === 0 ? 'left' : 'right'}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          ))}
        </Table.Tbody>
        {footer ? (
          <Table.Tfoot>
            <Table.Tr fw={700}>
              {footer.map((cell, index) => (
                <Table.Td key={index} ta={index === 0 ? 'left' : 'right'}>
                  {cell}
                </Table.Td>
              ))}
            </Table.Tr>
          </Table.Tfoot>
        ) : null}
      </Table>
    </Table.ScrollContainer>
  );
}
