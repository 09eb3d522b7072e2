import { Group, Table } from '@mantine/core';
import type { ActiveStatus } from '@portal/contract/agents';
import { ListTable } from '@/components/list-table';
import { useAgents } from '../api/get-agents';
import { AgentActionsMenu } from './agent-actions-menu';
import { AgentNameCell } from './agent-name-cell';
import { AgentStatusBadge } from './agent-status-badge';
import { LockedBadge } from '@/components/locked-badge';

export const AGENT_COLUMNS = ['Name', 'Email', 'Number', 'Status', 'Action'];
export const NO_AGENT_TEXT = 'No Agent Found';

/**
 * Agents table (001 §2): Name, Email, Number, Status, row menu; paged; 'No Agent Found' when empty. `status` shows
 * only the agents of that status (decision 023).
 */
export function AgentsTable({ status }: { status?: ActiveStatus }) {
  const list = useAgents(status);
  return (
    <ListTable columns={AGENT_COLUMNS} emptyText={NO_AGENT_TEXT} list={list} minWidth={680}>
      {list.rows.map((agent) => (
        <Table.Tr key={agent.id}>
          <Table.Td>
            <AgentNameCell agent={agent} />
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{agent.email ?? 'N/A'}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{agent.phone ?? 'N/A'}</Table.Td>
          <Table.Td>
            <Group gap={4} wrap="nowrap">
              <AgentStatusBadge status={agent.active_status} />
              <LockedBadge lockedUntil={agent.locked_until} />
            </Group>
          </Table.Td>
          <Table.Td>
            <AgentActionsMenu agent={agent} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
