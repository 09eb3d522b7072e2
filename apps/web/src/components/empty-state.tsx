import { Paper, Stack, Text, ThemeIcon } from '@mantine/core';
import { IconInbox } from '@tabler/icons-react';
import type { ReactNode } from 'react';

type EmptyStateProps = { text: string; children?: ReactNode; icon?: ReactNode };

/** An empty list or section with the spec's empty text ('No Data Found', ...). */
export function EmptyState({ text, children, icon }: EmptyStateProps) {
  return (
    <Paper withBorder radius="md" p="xl">
      <Stack align="center" gap="xs">
        <ThemeIcon size={48} radius="xl" variant="light" aria-hidden>
          {icon ?? <IconInbox size={26} stroke={1.5} />}
        </ThemeIcon>
        <Text c="dimmed" fw={500}>
          {text}
        </Text>
        {children}
      </Stack>
    </Paper>
  );
}
