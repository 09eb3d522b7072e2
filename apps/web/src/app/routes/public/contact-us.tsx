import { Anchor, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconBrandWhatsapp, IconMail, IconPhone } from '@tabler/icons-react';
import { contactDesks, supportEmail, whatsappHref } from '@/config/contact';
import { StaticPage } from './static-page';

/** Contact Us (000 §1): desks with call and WhatsApp links carrying a prefilled message (+92). */
export default function ContactUsRoute() {
  return (
    <StaticPage title="Contact Us" lead="Our desks are open every day. Call or message us on WhatsApp.">
      <SimpleGrid cols={{ base: 1, sm: 2, md: 3 }} spacing="lg">
        {contactDesks.map((desk) => (
          <Card key={desk.name} padding="lg" shadow="xs">
            <Stack gap="sm">
              <Title order={3} fz="lg">
                {desk.name}
              </Title>
              <Text c="dimmed">{desk.display}</Text>
              <Group gap="xs">
                <Button component="a" href={`tel:${desk.phone}`} variant="light" leftSection={<IconPhone size={16} />}>
                  Call
                </Button>
                <Button
                  component="a"
                  href={whatsappHref(desk.phone)}
                  target="_blank"
                  rel="noreferrer"
                  color="green"
                  leftSection={<IconBrandWhatsapp size={16} />}
                >
                  WhatsApp
                </Button>
              </Group>
            </Stack>
          </Card>
        ))}
        <Card padding="lg" shadow="xs">
          <Stack gap="sm">
            <Title order={3} fz="lg">
              E-mail
            </Title>
            <Anchor href={`mailto:${supportEmail}`}>
              <Group gap={6}>
                <IconMail size={16} /> {supportEmail}
              </Group>
            </Anchor>
          </Stack>
        </Card>
      </SimpleGrid>
    </StaticPage>
  );
}
