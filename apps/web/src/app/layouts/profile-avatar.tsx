import { Avatar, Group, Text } from '@mantine/core';
import type { Session } from '@portal/contract/auth';

/** The signed-in user's picture and name, as the header's profile menu shows them (000 §2). */
export function ProfileAvatar({ session }: { session: Session }) {
  return (
    <Group gap={8} wrap="nowrap">
      <Avatar src={session.image || null} alt={session.name} name={session.name} radius="xl" size={34} color="brand" />
      <Text size="sm" fw={600} visibleFrom="md" maw={140} truncate>
        {session.name}
      </Text>
    </Group>
  );
}
