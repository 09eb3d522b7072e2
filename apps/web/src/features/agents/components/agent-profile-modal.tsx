import { Modal } from '@mantine/core';
import type { Agent } from '@portal/contract/agents';
import { AgentProfileDetails } from './agent-profile-details';

type AgentProfileModalProps = { agent: Agent; opened: boolean; onClose: () => void };

/** The agent profile view of the Agents table's row menu and the e-mail search (001 §2). */
export function AgentProfileModal({ agent, opened, onClose }: AgentProfileModalProps) {
  return (
    <Modal opened={opened} onClose={onClose} title="Agent Profile" size="lg">
      <AgentProfileDetails agent={agent} />
    </Modal>
  );
}
