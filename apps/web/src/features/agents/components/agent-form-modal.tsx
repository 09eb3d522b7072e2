import { Alert, Center, Loader, Modal } from '@mantine/core';
import { IconAlertCircle } from '@tabler/icons-react';
import { errorMessage } from '@/lib/api-client';
import { useAgent } from '../api/get-agent';
import { AgentForm } from './agent-form';

/** Edit: the form starts from GET editagent/{id} (001 §7), so it shows what the server holds now. */
function EditAgentForm({ id, onDone }: { id: number; onDone: () => void }) {
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
  return <AgentForm agent={query.data} onDone={onDone} />;
}

type AgentFormModalProps = { opened: boolean; onClose: () => void; agentId?: number };

/** The add/edit modal, titled 'Add Agent' or 'Edit Agent' (001 §2). */
export function AgentFormModal({ opened, onClose, agentId }: AgentFormModalProps) {
  const editing = agentId !== undefined;
  return (
    <Modal opened={opened} onClose={onClose} title={editing ? 'Edit Agent' : 'Add Agent'} size="lg">
      {opened ? editing ? <EditAgentForm id={agentId} onDone={onClose} /> : <AgentForm onDone={onClose} /> : null}
    </Modal>
  );
}
