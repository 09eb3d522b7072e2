import { Avatar, Group, Paper, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { PageHeader } from '@/components/page-header';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { useSession } from '@/lib/session';

/** /dashboard/my-profile (000 §2): agents' profiles are read-only; changes go through the admin (001 §2). */
export default function MyProfileRoute() {
  const session = useSession();
  if (!session) return null;
  const rows = [
    { label: 'Name', value: session.name },
    { label: 'Email', value: session.email },
    { label: 'Role', value: session.role === 'admin' ? 'Admin' : 'Agent' },
    ...(session.agent_id !== null ? [{ label: 'Agent ID', value: `${AGENT_ID_PREFIX}${session.agent_id}` }] : []),
  ];
  return (
    <>
      <PageHeader title="Profile" />
      <Paper withBorder p="xl" maw={720}>
        <Group gap="lg" mb="lg">
          <Avatar src={session.image || null} name={session.name} size={72} radius="xl" color="brand" />
          <Stack gap={2}>
            <Title order={3}>{session.name}</Title>
            <Text c="dimmed">{session.email}</Text>
          </Stack>
        </Group>
        <SimpleGrid cols={{ base: 1, sm: 2 }} spacing="md">
          {rows.map((row) => (
            <Stack key={row.label} gap={0}>
              <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
                {row.label}
              </Text>
              <Text>{row.value}</Text>
            </Stack>
          ))}
        </SimpleGrid>
        {session.role !== 'admin' ? (
          <Text size="sm" c="dimmed" mt="lg">
            Your profile cannot be changed here. To change it, please contact the admin by call or chat.
          </Text>
        ) : null}
      </Paper>
    </>
  );
}
