import { Avatar, Badge, Group, Table, Text } from '@mantine/core';
import { ListTable } from '@/components/list-table';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { formatDate } from '@/lib/format';
import { useUsers } from '../api/get-users';
import { AgentStatusBadge } from './agent-status-badge';
import { LockedBadge } from '@/components/locked-badge';
import { useListPager } from '@/lib/list-params';

export const USER_COLUMNS = ['Image', 'Name', 'Email', 'Role', 'Status', 'Created', 'Agent Id', 'Agency'];

/**
 * All Users (001 §2): image, name, email, role, active_status, created_at, agent_id and agency_name;
 * paged, page 1 replacing the list and later pages appending (lib/paged-list).
 */
export function UsersTable() {
  const list = useUsers(useListPager());
  return (
    <ListTable columns={USER_COLUMNS} emptyText="No Record found." list={list} minWidth={900}>
      {list.rows.map((user) => (
        <Table.Tr key={user.id}>
          <Table.Td>
            <Avatar src={user.image_url} alt={`${user.name} picture`} name={user.name} radius="xl" size={36} color="brand" />
          </Table.Td>
          <Table.Td>
            <Text fw={500} size="sm">
              {user.name}
            </Text>
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{user.email ?? 'N/A'}</Table.Td>
          <Table.Td>
            <Badge variant="outline" color={user.role === 'admin' ? 'grape' : 'brand'} tt="none">
              {user.role === 'admin' ? 'Admin' : 'Agent'}
            </Badge>
          </Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <AgentStatusBadge status={user.active_status} />
              <LockedBadge lockedUntil={user.locked_until} />
            </Group>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(user.created_at)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{user.agent_id !== null ? `${AGENT_ID_PREFIX}${user.agent_id}` : 'N/A'}</Table.Td>
          <Table.Td>{user.agent?.agency_name ?? 'N/A'}</Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
