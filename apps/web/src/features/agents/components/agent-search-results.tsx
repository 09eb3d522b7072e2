import { Table } from '@mantine/core';
import { DataTable, TableCard } from '@/components/data-table';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { useAgentsByEmail } from '../api/search-agents-by-email';
import { AgentActionsMenu } from './agent-actions-menu';
import { AgentNameCell } from './agent-name-cell';
import { AgentStatusBadge } from './agent-status-badge';
import { NO_AGENT_TEXT } from './agents-table';

const COLUMNS = ['Name', 'Email', 'Agent ID', 'Status', 'Action'];

/**
 * /dashboard/search/{query} (000 §2, 001 §2 "Search agents by email"): the agents POST searchagentbyemail
 * finds for the header search; a name opens the profile view, the menu offers the Agents table's actions.
 */
export function AgentSearchResults({ query }: { query: string }) {
  const search = useAgentsByEmail(query);
  const agents = search.data ?? [];
  return (
    <TableCard>
      <DataTable columns={COLUMNS} minWidth={680} stickyEnd={2} label="Agents" empty={agents.length === 0 ? { text: NO_AGENT_TEXT, loading: search.isLoading } : undefined}>
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
