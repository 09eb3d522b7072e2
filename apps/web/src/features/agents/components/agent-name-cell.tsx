import { Avatar, Group, Stack, Text, UnstyledButton } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import type { Agent } from '@portal/contract/agents';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { AgentProfileModal } from './agent-profile-modal';

/** Picture, name and (unless a column of its own shows it) Agent ID of a row; the name opens the profile view (001 §2). */
export function AgentNameCell({ agent, withAgentId = true }: { agent: Agent; withAgentId?: boolean }) {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <UnstyledButton onClick={open} aria-label={`View profile of ${agent.name}`}>
        <Group gap="sm" wrap="nowrap">
          <Avatar src={agent.image} alt="" name={agent.name} radius="xl" size={36} color="brand" />
          <Stack gap={0} style={{ minWidth: 0 }}>
            <Text fw={500} size="sm" c="brand.8">
              {agent.name}
            </Text>
            {withAgentId && agent.agent_id !== null ? (
              <Text size="xs" c="dimmed">
                {AGENT_ID_PREFIX}
                {agent.agent_id}
              </Text>
            ) : null}
          </Stack>
        </Group>
      </UnstyledButton>
      <AgentProfileModal agent={agent} opened={opened} onClose={close} />
    </>
  );
}
