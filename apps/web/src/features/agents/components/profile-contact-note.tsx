import { Alert, Button, Group, Text } from '@mantine/core';
import { PROFILE_READ_ONLY_MESSAGE } from '@portal/contract/agents';
import { IconBrandWhatsapp, IconInfoCircle, IconPhone } from '@tabler/icons-react';
import { contactDesks, whatsappHref } from '@/config/contact';

/**
 * The admin desk an agent calls or chats with to change the profile. The seeds give no number: this is
 * config/contact.ts's placeholder +92 desk (the one list of desks the public pages use too); issue 7 moves
 * the desks to Settings.
 */
const PROFILE_DESK = contactDesks[0];
const PROFILE_CHANGE_PREFILL = 'Hello, I would like to change my agency profile.';

/** 001 §2: an agent's profile cannot be changed directly, only through the admin (a call or a chat link). */
export function ProfileContactNote() {
  return (
    <Alert color="blue" variant="light" icon={<IconInfoCircle size={20} />} title="Need a change?">
      <Text size="sm">{PROFILE_READ_ONLY_MESSAGE}</Text>
      <Group gap="sm" mt="sm">
        <Button
          component="a"
          href={`tel:${PROFILE_DESK.phone}`}
          variant="light"
          size="xs"
          leftSection={<IconPhone size={16} />}
        >
          Call {PROFILE_DESK.display}
        </Button>
        <Button
          component="a"
          href={whatsappHref(PROFILE_DESK.phone, PROFILE_CHANGE_PREFILL)}
          target="_blank"
          rel="noopener noreferrer"
          variant="light"
          color="green"
          size="xs"
          leftSection={<IconBrandWhatsapp size={16} />}
        >
          Chat on WhatsApp
        </Button>
      </Group>
    </Alert>
  );
}
