import { Group, Stack, Text, Title } from '@mantine/core';
import type { ReactNode } from 'react';

type PageHeaderProps = { title: ReactNode; description?: ReactNode; actions?: ReactNode };

/** Title row of a dashboard screen: the heading, an optional line below and actions on the right (not printed). */
export function PageHeader({ title, description, actions }: PageHeaderProps) {
  return (
    <Group justify="space-between" align="flex-end" mb="lg" wrap="wrap" gap="sm">
      <Stack gap={4}>
        <Title order={2} fz={{ base: 22, sm: 26 }}>
          {title}
        </Title>
        {description ? (
          <Text c="dimmed" size="sm">
            {description}
          </Text>
        ) : null}
      </Stack>
      {actions ? (
        <Group gap="xs" data-no-print>
          {actions}
        </Group>
      ) : null}
    </Group>
  );
}
