import { Group, Stack, Text, Tooltip, UnstyledButton } from '@mantine/core';
import { IconCopy } from '@tabler/icons-react';
import { copyText } from '@/lib/copy-text';

/** A labelled value that copies itself when clicked (Bank Accounts Details, 000 §1). */
export function CopyValue({ label, value, mono = false }: { label: string; value: string; mono?: boolean }) {
  return (
    <Stack gap={2}>
      <Text size="xs" c="dimmed" tt="uppercase" fw={600}>
        {label}
      </Text>
      <Tooltip label={`Copy ${label.toLowerCase()}`} withArrow openDelay={300}>
        <UnstyledButton
          onClick={() => void copyText(value)}
          aria-label={`${value} (copy ${label.toLowerCase()})`}
          style={{ wordBreak: 'break-all' }}
        >
          <Group gap={6} wrap="nowrap" align="flex-start">
            <Text fw={600} ff={mono ? 'monospace' : undefined} size="sm">
              {value}
            </Text>
            <IconCopy size={16} stroke={1.6} color="var(--mantine-color-brand-6)" style={{ flexShrink: 0, marginTop: 2 }} aria-hidden />
          </Group>
        </UnstyledButton>
      </Tooltip>
    </Stack>
  );
}
