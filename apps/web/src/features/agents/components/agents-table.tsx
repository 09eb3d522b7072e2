import { Group, Table, Text } from '@mantine/core';
import { ListTable } from '@/components/list-table';
import { useListParams } from '@/lib/list-params';
import { AGENT_LIST_PARAMS, useAgents } from '../api/get-agents';
import { AgentFiltersBar } from './agent-filters';
import { AgentActionsMenu } from './agent-actions-menu';
import { AgentCreditCell } from './agent-credit';
import { AgentNameCell } from './agent-name-cell';
import { AgentStatusBadge } from './agent-status-badge';
import { LockedBadge } from '@/components/locked-badge';

export const AGENT_COLUMNS = ['Name', 'Agency', 'Email', 'Number', 'Credit', 'Status', 'Action'];
export const NO_AGENT_TEXT = 'No Agent Found';

/**
 * Agents table (001 §2): Name, the agency (issue 21 §7), Email, Number, Credit (PRODUCT §6), Status, row menu; searched and filtered by
 * status, both kept in the address with the page (decision 022); 'No Agent Found' when empty.
 */
export function AgentsTable() {
  const { filters, setFilters, pager } = useListParams(AGENT_LIST_PARAMS);
  const list = useAgents(filters, pager);
  return (
    <>
      <AgentFiltersBar value={filters} onChange={setFilters} />
      <ListTable columns={AGENT_COLUMNS} emptyText={NO_AGENT_TEXT} list={list} minWidth={940} label="Agents">
        {list.rows.map((agent) => (
          <Table.Tr key={agent.id}>
            <Table.Td>
              <AgentNameCell agent={agent} />
            </Table.Td>
            <Table.Td>
              <Text size="sm">{agent.agency_name ?? 'N/A'}</Text>
            </Table.Td>
            <Table.Td style={{ overflowWrap: 'anywhere' }}>{agent.email ?? 'N/A'}</Table.Td>
            <Table.Td style={{ whiteSpace: 'nowrap' }}>{agent.phone ?? 'N/A'}</Table.Td>
            <Table.Td>
              <AgentCreditCell agent={agent} />
            </Table.Td>
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
    </>
  );
}
