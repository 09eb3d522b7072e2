import { Table } from '@mantine/core';
import type { Agent } from '@portal/contract/agents';
import { DataTable, TableCard } from '@/components/data-table';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { AgentActionsMenu } from './agent-actions-menu';
import { AgentNameCell } from './agent-name-cell';
import { AgentStatusBadge } from './agent-status-badge';
import { NO_AGENT_TEXT } from './agents-table';

const COLUMNS = ['Name', 'Email', 'Agent ID', 'Status', 'Action'];

/**
 * The agents the header search found (000 §2, 001 §2 "Search agents by email"; decision 023: the page gets them
 * from header-search): a name opens the profile view, the menu offers the Agents table's actions (Accept, Reject).
 */
export function AgentSearchResults({ agents }: { agents: Agent[] }) {
  return (
    <TableCard>
      <DataTable columns={COLUMNS} minWidth={680} stickyEnd={2} label="Agents" empty={agents.length === 0 ? { text: NO_AGENT_TEXT } : undefined}>
        {agents.map((agent) => (
          <Table.Tr key={agent.id}>
            <Table.Td>
              <AgentNameCell agent={agent} withAgentId={false} />
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{agent.email ?? 'N/A'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{agent.agent_id !== null ? `${AGENT_ID_PREFIX}${agent.agent_id}` : 'N/A'}</Table.Td>
            <Table.Td>
              <AgentStatusBadge status={agent.active_status} />
            </Table.Td>
            <Table.Td>
              <AgentActionsMenu agent={agent} />
            </Table.Td>
          </Table.Tr>
        ))}
      </DataTable>
    </TableCard>
  );
}
