import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { SectorFormModal } from './sector-form-modal';

export function AddSectorButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={open}>
        Add New sector
      </Button>
      <SectorFormModal opened={opened} onClose={close} />
    </>
  );
}
