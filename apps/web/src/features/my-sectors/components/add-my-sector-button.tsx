import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { MySectorFormModal } from './my-sector-form-modal';

export function AddMySectorButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={open}>
        Add My Sector
      </Button>
      <MySectorFormModal opened={opened} onClose={close} />
    </>
  );
}
