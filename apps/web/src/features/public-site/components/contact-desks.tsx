import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import type { PublicSettings } from '@portal/contract/settings';
import { IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import { whatsappHref } from '@/config/contact';

/**
 * The desks of Contact Us (000 §1): each with a call link (tel:+92…) and a WhatsApp link carrying the desk's
 * prefilled message, then the support e-mail. The desks are settings an admin edits (issue 7).
 */
export function ContactDesks({ settings }: { settings: PublicSettings }) {
  return (
    <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
      {settings.contact_desks.map((desk) => (
        <Card key={`${desk.name}-${desk.phone}`} padding="lg" shadow="xs" withBorder component="article" aria-label={desk.name}>
          <Stack gap="sm">
            <Title order={2} fz="lg">
              {desk.name}
            </Title>
            <Text c="dimmed">{desk.display}</Text>
            <Group gap="xs">
              <Button
                component="a"
                href={`tel:${desk.phone}`}
                variant="light"
                leftSection={<IconPhone size={16} />}
                aria-label={`Call ${desk.name}`}
              >
                Call
              </Button>
              <Button
                component="a"
                href={whatsappHref(desk.phone, desk.whatsapp_message)}
                target="_blank"
                rel="noreferrer"
                color="green"
                leftSection={<IconBrandWhatsapp size={16} />}
                aria-label={`WhatsApp ${desk.name}`}
              >
                WhatsApp
              </Button>
            </Group>
          </Stack>
        </Card>
      ))}
      <Card padding="lg" shadow="xs" withBorder component="article" aria-label="E-mail">
        <Stack gap="sm">
          <Title order={2} fz="lg">
            E-mail
          </Title>
          <Anchor href={`mailto:${settings.support_email}`}>
            <Group gap={6} wrap="nowrap">
              <IconMail size={16} /> {settings.support_email}
            </Group>
          </Anchor>
        </Stack>
      </Card>
    </SimpleGrid>
  );
}
