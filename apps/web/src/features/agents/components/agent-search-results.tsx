import { Center, Loader, Paper, Table, Text } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
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
    <Paper withBorder radius="md" p={0} style={{ overflow: 'hidden' }}>
      <Table.ScrollContainer minWidth={680}>
        <Table verticalSpacing="sm" horizontalSpacing="md" highlightOnHover striped="even">
          <Table.Thead bg="var(--mantine-color-gray-0)">
            <Table.Tr>
              {COLUMNS.map((column) => (
                <Table.Th key={column} style={{ whiteSpace: 'nowrap' }}>
                  {column}
                </Table.Th>
              ))}
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
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
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      {/* Outside the scroll area so the text stays centred on narrow screens. */}
      {search.isLoading ? (
        <Center py="xl">
          <Loader size="sm" aria-label="Loading" />
        </Center>
      ) : agents.length === 0 ? (
        <Text ta="center" c="dimmed" py="xl" size="sm">
          <IconInbox size={28} stroke={1.4} style={{ display: 'block', margin: '0 auto 6px' }} aria-hidden />
          {NO_AGENT_TEXT}
        </Text>
      ) : null}
    </Paper>
  );
}
