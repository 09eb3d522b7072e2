import { Button } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { SEND_EMAIL_BUTTON } from '@portal/contract/emails';
import { IconMail } from '@tabler/icons-react';
import { SendEmailModal } from './send-email-modal';

export function SendEmailButton() {
  const [opened, { open, close }] = useDisclosure(false);
  return (
    <>
      <Button leftSection={<IconMail size={16} />} onClick={open}>
        {SEND_EMAIL_BUTTON}
      </Button>
      <SendEmailModal opened={opened} onClose={close} />
    </>
  );
}
