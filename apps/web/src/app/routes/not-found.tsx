import { Anchor, Center, Group, Stack, Text, Title } from '@mantine/core';
import { Link } from 'react-router';
import { Logo } from '@/components/logo';
import { PAGE_NOT_FOUND_TEXT } from '@/config/constants';
import { paths } from '@/config/paths';

/** Any unknown path (000 §2). */
export default function NotFoundRoute() {
  return (
    <Center mih="100vh" p="md" bg="gray.0">
      <Stack align="center" gap="md" ta="center">
        <Logo />
        <Text fz={96} fw={900} c="brand.1" lh={1} aria-hidden>
          404
        </Text>
        <Title order={1} fz={28}>
          {PAGE_NOT_FOUND_TEXT}
        </Title>
        <Text c="dimmed" maw={420}>
          The page you are looking for does not exist or has moved.
        </Text>
        <Group gap="lg">
          <Anchor component={Link} to={paths.signin.getHref()} fw={600}>
            Login
          </Anchor>
          <Anchor component={Link} to={paths.home.getHref()} fw={600}>
            Home Page
          </Anchor>
        </Group>
      </Stack>
    </Center>
  );
}
