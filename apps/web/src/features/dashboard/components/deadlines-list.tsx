import { Anchor, Badge, Group, Paper, Stack, Table, Text, Title } from '@mantine/core';
import {
  DEADLINE_KIND_LABELS,
  DEADLINES_TEXTS,
  describeDeadlineMissing,
  formatTimeLeft,
  type DeadlineKind,
  type DeadlineRow,
} from '@portal/contract/deadlines';
import { Link } from 'react-router';
import { DataTable } from '@/components/data-table';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { formatDateTime } from '@/lib/format';
import { useDeadlines } from '../api/get-deadlines';

const KIND_COLORS: Record<DeadlineKind, string> = { deposit: 'grape', name: 'orange', ticketing: 'blue' };

/**
 * The admin dashboard's Deadlines (PRODUCT §6, decision 030): each deposit, name and ticketing deadline of the next
 * 14 days, soonest first, with the time left and what is still missing; the PNR opens the group.
 */
export function DeadlinesList({ now = () => new Date() }: { now?: () => Date }) {
  const deadlines = useDeadlines({ enabled: true });
  const rows: DeadlineRow[] = deadlines.data ?? [];
  return (
    <Paper withBorder p={{ base: 'sm', sm: 'md' }}>
      <Title order={2} fz="lg" mb="sm">
        {DEADLINES_TEXTS.title}
      </Title>
      {deadlines.isError ? (
        <Text c="red" size="sm" role="alert">
          {errorMessage(deadlines.error)}
        </Text>
      ) : (
        <DataTable columns={['PNR', 'Airline', 'Kind', 'Deadline', 'Time left', 'Missing']} minWidth={720} label={DEADLINES_TEXTS.title}>
          {rows.length === 0 ? (
            <Table.Tr>
              <Table.Td colSpan={6}>
                <Text size="sm" c="dimmed" ta="center">
                  {deadlines.isPending ? 'Loading…' : DEADLINES_TEXTS.empty}
                </Text>
              </Table.Td>
            </Table.Tr>
          ) : (
            rows.map((row) => {
              const missing = describeDeadlineMissing(row);
              return (
                <Table.Tr key={row.key}>
                  <Table.Td>
                    <Anchor component={Link} to={paths.dashboard.updateGroup.getHref(row.group_id)} fw={600}>
                      {row.pnr}
                    </Anchor>
                  </Table.Td>
                  <Table.Td>{row.airline_name}</Table.Td>
                  <Table.Td>
                    <Badge color={KIND_COLORS[row.kind]} variant="light">
                      {DEADLINE_KIND_LABELS[row.kind]}
                    </Badge>
                  </Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(row.deadline)}</Table.Td>
                  <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatTimeLeft(new Date(row.deadline), now())}</Table.Td>
                  <Table.Td>
                    {missing.length === 0 ? (
                      <Text size="sm" c="dimmed">
                        {DEADLINES_TEXTS.nothingMissing}
                      </Text>
                    ) : (
                      <Stack gap={2}>
                        {missing.map((item) => (
                          <Group key={item} gap={4} wrap="nowrap">
                            <Text size="sm" c="red.8">
                              {item}
                            </Text>
                          </Group>
                        ))}
                      </Stack>
                    )}
                  </Table.Td>
                </Table.Tr>
              );
            })
          )}
        </DataTable>
      )}
    </Paper>
  );
}
