import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { AgentFormModal } from './agent-form-modal';

/** 'Add New Agent' (001 §2) opening the 'Add Agent' modal. */
export function AddAgentButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={open}>
        Add New Agent
      </Button>
      <AgentFormModal opened={opened} onClose={close} />
    </>
  );
}
