import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { IconPlus } from '@tabler/icons-react';
import { AirlineFormModal } from './airline-form-modal';

export function AddAirlineButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconPlus size={16} />} onClick={open}>
        Add New Airline
      </Button>
      <AirlineFormModal opened={opened} onClose={close} />
    </>
  );
}
