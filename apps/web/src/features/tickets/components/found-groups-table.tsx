import { Anchor, Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { SearchGroup } from '@portal/contract/search';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DataTable, TableCard } from '@/components/data-table';
import { formatDate } from '@/lib/format';
import { AirlineLogo } from './airline-logo';
import { fareText } from './fare-text';

const COLUMNS = ['PNR', 'Airline', 'Sector', 'Date', 'Seats', 'Fare', 'Status'] as const;

export const NO_GROUP_FOUND_TEXT = 'No Group Found';

function stateOf(group: SearchGroup): { text: string; color: string } {
  if (group.close_status === 1) return { text: 'Closed', color: 'gray' };
  if (!group.offered) return { text: 'Flown', color: 'gray' };
  if (group.remaining <= 0) return { text: 'Sold out', color: 'red' };
  return { text: 'Open', color: 'teal' };
}

type FoundGroupsTableProps = {
  groups: SearchGroup[];
  /** Where the PNR leads: the PNR page for an admin, the flight search of its route for an agent. */
  getHref: (group: SearchGroup) => string;
  /** The row's action (the page composes Book from the booking feature). */
  renderAction?: (group: SearchGroup) => ReactNode;
};

/** Groups the header search found by PNR (decision 023): each PNR opens its page. */
export function FoundGroupsTable({ groups, getHref, renderAction }: FoundGroupsTableProps) {
  return (
    <TableCard>
      <DataTable
        columns={renderAction ? [...COLUMNS, 'Action'] : COLUMNS}
        minWidth={renderAction ? 860 : 780}
        stickyEnd={renderAction ? 2 : 1}
        label="Groups by PNR"
        empty={groups.length === 0 ? { text: NO_GROUP_FOUND_TEXT } : undefined}
      >
        {groups.map((group) => {
          const state = stateOf(group);
          return (
            <Table.Tr key={group.id}>
              <Table.Td>
                <Anchor component={Link} to={getHref(group)} fw={700} size="sm" ff="monospace">
                  {group.pnr}
                </Anchor>
              </Table.Td>
              <Table.Td>
                <Group gap="xs" wrap="nowrap">
                  <AirlineLogo src={group.air_line_logo} name={group.air_line} size={28} />
                  <Text size="sm">{group.air_line}</Text>
                </Group>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{group.sector}</Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(group.date)}</Table.Td>
              <Table.Td>
                <Stack gap={0}>
                  <Text size="sm">{group.remaining} left</Text>
                  <Text size="xs" c="dimmed">
                    Sold {group.sold}/{group.total_ticket}
                  </Text>
                </Stack>
              </Table.Td>
              <Table.Td style={{ whiteSpace: 'nowrap' }}>{fareText(group.price, true)}</Table.Td>
              <Table.Td>
                <Badge variant="light" color={state.color} tt="none">
                  {state.text}
                </Badge>
              </Table.Td>
              {renderAction ? <Table.Td>{renderAction(group)}</Table.Td> : null}
            </Table.Tr>
          );
        })}
      </DataTable>
    </TableCard>
  );
}
