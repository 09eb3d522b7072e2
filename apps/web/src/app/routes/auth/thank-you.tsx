import { Anchor, Button, Group, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconBrandWhatsapp, IconCircleCheck, IconMail, IconPhone } from '@tabler/icons-react';
import { Link } from 'react-router';
import { whatsappHref } from '@/config/contact';
import { paths } from '@/config/paths';
import { usePublicSettings } from '@/features/public-site/api/get-public-settings';
import { AuthLayout } from '../../layouts/auth-layout';

/** /thank-you (000 §2): registered; wait for the verification call; login details come by e-mail. */
export default function ThankYouRoute() {
  // The desks and e-mail an admin keeps in Settings (issue 7), with the placeholders while they load.
  const { settings } = usePublicSettings();
  const desk = settings.contact_desks[0]!;
  const supportEmail = settings.support_email;
  return (
    <AuthLayout title="Thank you for registering!">
      <Stack gap="md">
        <Group gap="sm" wrap="nowrap" align="flex-start">
          <ThemeIcon color="teal" radius="xl" size={36} aria-hidden>
            <IconCircleCheck size={22} />
          </ThemeIcon>
          <Text>
            You are registered. Please wait for our verification call; after verification the admin will send your
            login details by e-mail.
          </Text>
        </Group>
        <Stack gap={6}>
          <Anchor href={`tel:${desk.phone}`}>
            <Group gap={8}>
              <IconPhone size={18} /> {desk.display}
            </Group>
          </Anchor>
          <Anchor href={whatsappHref(desk.phone, desk.whatsapp_message)} target="_blank" rel="noreferrer">
            <Group gap={8}>
              <IconBrandWhatsapp size={18} /> WhatsApp {desk.display}
            </Group>
          </Anchor>
          <Anchor href={`mailto:${supportEmail}`}>
            <Group gap={8}>
              <IconMail size={18} /> {supportEmail}
            </Group>
          </Anchor>
        </Stack>
        <Group>
          <Button component={Link} to={paths.home.getHref()}>
            Go to Home
          </Button>
          <Anchor component={Link} to={paths.signin.getHref()} fw={600}>
            Log In
          </Anchor>
        </Group>
      </Stack>
    </AuthLayout>
  );
}
