import { Alert, Center, Loader } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { GuardedFormModal, type GuardedFormProps } from '@/components/guarded-form-modal';
import { errorMessage } from '@/lib/api-client';
import { useAgent } from '../api/get-agent';
import { AgentForm } from './agent-form';

/** Edit: the form starts from GET editagent/{id} (001 §7), so it shows what the server holds now. */
type EditAgentFormProps = GuardedFormProps & { id: number };

function EditAgentForm({ id, onDone, onCancel, onDirtyChange }: EditAgentFormProps) {
  const query = useAgent(id);
  if (query.isPending) {
    return (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  }
  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={18} />} role="alert">
        {errorMessage(query.error)}
      </Alert>
    );
  }
  return <AgentForm agent={query.data} onDone={onDone} onCancel={onCancel} onDirtyChange={onDirtyChange} />;
}

type AgentFormModalProps = { opened: boolean; onClose: () => void; agentId?: number };

/** The add/edit modal, titled 'Add Agent' or 'Edit Agent' (001 §2). */
export function AgentFormModal({ opened, onClose, agentId }: AgentFormModalProps) {
  const editing = agentId !== undefined;
  // Typed data is not lost to a stray Esc or click outside (issue 21 §2).
  return (
    <GuardedFormModal opened={opened} onClose={onClose} title={editing ? 'Edit Agent' : 'Add Agent'} size="lg">
      {(form) => (editing ? <EditAgentForm id={agentId} {...form} /> : <AgentForm {...form} />)}
    </GuardedFormModal>
  );
}
