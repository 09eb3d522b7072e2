import { Avatar, Badge, Group, Stack, Table, Text } from '@mantine/core';
import { GROUP_DEADLINE_FIELDS, type Group as GroupRow } from '@portal/contract/groups';
import { IconPlane } from '@tabler/icons-react';
import type { ReactNode, Ref } from 'react';
import { ListTable } from '@/components/list-table';
import { formatDate, formatDateTime } from '@/lib/format';
import { formatPKR } from '@/lib/money';
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
  'Deadlines',
  'Status',
];

/** PRODUCT §6: the deadlines a group has, in Pakistan time ('Names 20 Dec 2026, 09:30 AM'). */
function GroupDeadlines({ group }: { group: GroupRow }) {
  const set = GROUP_DEADLINE_FIELDS.filter((field) => group[field]);
  if (set.length === 0) return <Text size="sm" c="dimmed">None</Text>;
  return (
    <Stack gap={2}>
      {set.map((field) => (
        <Text key={field} size="xs" style={{ whiteSpace: 'nowrap' }}>
          <Text span fw={600} size="xs">
            {DEADLINE_SHORT_LABELS[field]}
          </Text>{' '}
          {formatDateTime(group[field])}
        </Text>
      ))}
    </Stack>
  );
}

const DEADLINE_SHORT_LABELS = { deposit_deadline: 'Deposit', name_deadline: 'Names', ticketing_deadline: 'Ticketing' } as const;

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
            <GroupDeadlines group={group} />
          </Table.Td>
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
