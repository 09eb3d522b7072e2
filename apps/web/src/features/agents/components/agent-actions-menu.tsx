import { ActionIcon, Menu } from '@mantine/core';
import type { ActiveStatus, Agent } from '@portal/contract/agents';
import { IconCheck, IconDotsVertical, IconLockOpen, IconPencil, IconTrash, IconUser, IconX } from '@tabler/icons-react';
import { useState } from 'react';
import { confirmAction } from '@/lib/confirm';
import { notifyOutcome } from '@/lib/notify';
import { useApproveAgent } from '../api/approve-agent';
import { useDeleteAgent } from '../api/delete-agent';
import { useRejectAgent } from '../api/reject-agent';
import { useUnlockUser } from '../api/unlock-user';
import { AgentFormModal } from './agent-form-modal';
import { AgentProfileModal } from './agent-profile-modal';
import { isLocked } from '@/components/locked-badge';

export type AgentMenuItem = 'profile' | 'edit' | 'unlock' | 'accept' | 'reject' | 'delete';

/**
 * The row menu of 001 §2 (Edit, Accept, Reject, Delete and a profile view) for an agent in its state:
 * Accept only while not approved and Reject only while not rejected, as the server answers 409 otherwise
 * (contract agents.ts); Unlock only while sign-in is locked after too many wrong passwords (decision 018).
 */
export function getAgentMenuItems(status: ActiveStatus, locked = false): AgentMenuItem[] {
  return [
    'profile',
    'edit',
    ...(locked ? (['unlock'] as const) : []),
    ...(status !== 'approved' ? (['accept'] as const) : []),
    ...(status !== 'rejected' ? (['reject'] as const) : []),
    'delete',
  ];
}

type Dialog = 'profile' | 'edit' | null;

/** The Action cell of the Agents table and the e-mail search results, with its dialogs. */
export function AgentActionsMenu({ agent }: { agent: Agent }) {
  const [dialog, setDialog] = useState<Dialog>(null);
  const approveMutation = useApproveAgent();
  const rejectMutation = useRejectAgent();
  const deleteMutation = useDeleteAgent();
  const unlockMutation = useUnlockUser();
  const items = getAgentMenuItems(agent.active_status, isLocked(agent.locked_until));
  const busy = approveMutation.isPending || rejectMutation.isPending || deleteMutation.isPending || unlockMutation.isPending;
  const close = () => setDialog(null);

  // Each status change goes through the one confirmation of 001 §2, then toasts the server's message.
  // notifyOutcome, not mutate callbacks: the row may remount when the list refreshes meanwhile.
  const confirmThen = (title: string, confirmLabel: string, call: () => Promise<{ message: string }>, danger = false) =>
    confirmAction({ title, confirmLabel, danger, onConfirm: () => notifyOutcome(call()) });

  return (
    <>
      <Menu position="bottom-end" withinPortal shadow="md" width={180}>
        <Menu.Target>
          <ActionIcon variant="subtle" color="gray" aria-label={`Actions for ${agent.name}`} loading={busy}>
            <IconDotsVertical size={18} />
          </ActionIcon>
        </Menu.Target>
        <Menu.Dropdown>
          {items.includes('profile') ? (
            <Menu.Item leftSection={<IconUser size={16} />} onClick={() => setDialog('profile')}>
              View Profile
            </Menu.Item>
          ) : null}
          {items.includes('edit') ? (
            <Menu.Item leftSection={<IconPencil size={16} />} onClick={() => setDialog('edit')}>
              Edit
            </Menu.Item>
          ) : null}
          {items.includes('unlock') ? (
            <Menu.Item
              color="blue"
              leftSection={<IconLockOpen size={16} />}
              onClick={() => confirmThen(`Unlock ${agent.name}?`, 'Unlock', () => unlockMutation.mutateAsync(agent.id))}
            >
              Unlock
            </Menu.Item>
          ) : null}
          {items.includes('accept') ? (
            <Menu.Item
              color="teal"
              leftSection={<IconCheck size={16} />}
              onClick={() => confirmThen(`Accept ${agent.name}?`, 'Accept', () => approveMutation.mutateAsync(agent.id))}
            >
              Accept
            </Menu.Item>
          ) : null}
          {items.includes('reject') ? (
            <Menu.Item
              color="orange"
              leftSection={<IconX size={16} />}
              onClick={() => confirmThen(`Reject ${agent.name}?`, 'Reject', () => rejectMutation.mutateAsync(agent.id), true)}
            >
              Reject
            </Menu.Item>
          ) : null}
          {items.includes('delete') ? (
            <Menu.Item
              color="red"
              leftSection={<IconTrash size={16} />}
              onClick={() => confirmThen(`Delete ${agent.name}?`, 'Delete', () => deleteMutation.mutateAsync(agent.id), true)}
            >
              Delete
            </Menu.Item>
          ) : null}
        </Menu.Dropdown>
      </Menu>
      <AgentProfileModal agent={agent} opened={dialog === 'profile'} onClose={close} />
      <AgentFormModal agentId={agent.id} opened={dialog === 'edit'} onClose={close} />
    </>
  );
}
