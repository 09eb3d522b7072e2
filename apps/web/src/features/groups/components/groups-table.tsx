import { Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import type { Group as GroupRow } from '@portal/contract/groups';
import { IconPlane } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { ListTable } from '@/components/list-table';
import { formatDate, formatPKR } from '@/lib/format';
import type { PagedList } from '@/lib/paged-list';

export const GROUP_COLUMNS = [
  'PNR',
  'Date',
  'Sector',
  'T.T We Have',
  'T.T Selling',
  'Price/Ticket',
  'Infant Price',
  'Sold',
  'Add By',
  'Status',
];

/** The legs' sectors in trip order, e.g. ['LHE - DXB', 'DXB - JED']. */
export function groupSectors(group: GroupRow): string[] {
  return [...group.subpart].sort((a, b) => a.position - b.position).map((leg) => leg.departure_sector_name);
}

type GroupsTableProps = {
  list: PagedList<GroupRow>;
  /** The Action column's content for a row; without it the table has no Action column. */
  actions?: (group: GroupRow) => ReactNode;
  /** The group just saved: marked, with 'Saved' by its PNR, and `highlightedRef` on its row (decision 024). */
  highlightedId?: number;
  highlightedRef?: Ref<HTMLTableRowElement>;
};

/** Groups as the Groups list and Groups History show them (001 §2), prices in PKR. */
export function GroupsTable({ list, actions, highlightedId, highlightedRef }: GroupsTableProps) {
  const columns = actions ? [...GROUP_COLUMNS, 'Action'] : GROUP_COLUMNS;
  return (
    <ListTable columns={columns} emptyText="No Group Found" list={list} minWidth={1000} stickyEnd={actions ? 2 : 1} label="Groups">
      {list.rows.map((group) => (
        <Table.Tr
          key={group.id}
          data-highlighted={group.id === highlightedId || undefined}
          ref={group.id === highlightedId ? highlightedRef : undefined}
        >
          <Table.Td>
            <Group gap="xs" wrap="nowrap">
              <Avatar src={group.air_line_logo} alt={group.airline_name} size={28} radius="sm">
                <IconPlane size={14} />
              </Avatar>
              <Stack gap={2} align="flex-start">
                <Text fw={700} size="sm" ff="monospace">
                  {group.pnr}
                </Text>
                {/* Said in words too, not by the colour alone. */}
                {group.id === highlightedId ? (
                  <Badge size="xs" variant="light" color="yellow">
                    Saved
                  </Badge>
                ) : null}
              </Stack>
            </Group>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(group.date)}</Table.Td>
          <Table.Td>
            {/* One line a leg keeps the table narrow enough for the Action column on a laptop. */}
            <Stack gap={0}>
              {groupSectors(group).map((sector, index) => (
                <Text key={index} size="sm" style={{ whiteSpace: 'nowrap' }}>
                  {sector}
                </Text>
              ))}
            </Stack>
          </Table.Td>
          <Table.Td>{group.tickets_wehave}</Table.Td>
          <Table.Td>{group.total_ticket}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPKR(group.price)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatPKR(group.infant_price)}</Table.Td>
          <Table.Td>{group.sold}</Table.Td>
          <Table.Td>{group.added_by ?? 'N/A'}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={group.close_status === 1 ? 'red' : 'teal'}>
              {group.close_status === 1 ? 'Closed' : 'Open'}
            </Badge>
          </Table.Td>
          {actions ? <Table.Td>{actions(group)}</Table.Td> : null}
        </Table.Tr>
      ))}
    </ListTable>
  );
}
