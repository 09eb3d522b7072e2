import { Avatar, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { Agent } from '@portal/contract/agents';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { formatDate } from '@/lib/format';
import { AgentStatusBadge } from './agent-status-badge';

const orNA = (value: string | null | undefined) => (value && value.trim() ? value : 'N/A');

/**
 * The profile of 001 §2: image, name, agent ID (Agent-{agent_id}), email, agency name, phone, office
 * number, address, city, country and join date (Asia/Karachi). Used by the profile modal and My Profile.
 */
export function AgentProfileDetails({ agent }: { agent: Agent }) {
  const agentRows = [
    { label: 'Agency Name', value: orNA(agent.agency_name) },
    { label: 'Phone', value: orNA(agent.phone) },
    { label: 'Office No', value: orNA(agent.office_no) },
    { label: 'Address', value: orNA(agent.office_address) },
    { label: 'City', value: orNA(agent.city) },
    { label: 'Country', value: orNA(agent.country) },
  ];
  // An administrator's own profile (My Profile) has no agency: only what the admin form holds.
  const rows = [
    ...(agent.agent_id !== null ? [{ label: 'Agent ID', value: `${AGENT_ID_PREFIX}${agent.agent_id}` }] : []),
    { label: 'Email', value: orNA(agent.email) },
    ...(agent.role === 'user' ? agentRows : [{ label: 'Phone', value: orNA(agent.phone) }]),
    { label: 'Join Date', value: formatDate(agent.created_at) },
  ];
  return (
    <Stack gap="lg">
      <Group gap="md" wrap="nowrap">
        <Avatar src={agent.image} alt={`${agent.name} picture`} name={agent.name} size={72} radius="xl" color="brand" />
        <Stack gap={4} style={{ minWidth: 0 }}>
          <Title order={3} fz={{ base: 18, sm: 22 }} style={{ overflowWrap: 'anywhere' }}>
            {agent.name}
          </Title>
          {agent.role === 'user' ? <AgentStatusBadge status={agent.active_status} /> : null}
        </Stack>
      </Group>
      <SimpleGrid cols={{ base: 1, xs: 2 }} spacing="md" verticalSpacing="sm">
        {rows.map((row) => (
          <Stack key={row.label} gap={0}>
            <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
              {row.label}
            </Text>
            <Text size="sm" style={{ overflowWrap: 'anywhere' }}>
              {row.value}
            </Text>
          </Stack>
        ))}
      </SimpleGrid>
    </Stack>
  );
}
