import { ActionIcon, Button, Card, Group, SimpleGrid, Stack, Text, Title } from '@mantine/core';
import { IconPlus, IconTrash } from '@tabler/icons-react';
import type { FormEventHandler, ReactNode } from 'react';

type SettingsListFormProps = {
  title: string;
  /** 'Account' or 'Desk': heads each card ('Account 1') and names its remove button ('Remove account 1'). */
  noun: string;
  /** Also names each card ('Desk 1'). */
  namedCards?: boolean;
  /** The field array's ids, one card each. */
  ids: string[];
  max: number;
  onAdd: () => void;
  onRemove: (index: number) => void;
  /** The list's own error (too few, too many, duplicates). */
  error?: string;
  saving: boolean;
  onSubmit: FormEventHandler<HTMLFormElement>;
  /** The inputs of card `index`. */
  children: (index: number) => ReactNode;
};

/**
 * A list of the settings page (000 §1: bank accounts, contact desks): one card a row with its inputs and a remove
 * button (not for the last one), 'Add <noun>' up to the maximum, and Save for the whole list.
 */
export function SettingsListForm({ title, noun, namedCards, ids, max, onAdd, onRemove, error, saving, onSubmit, children }: SettingsListFormProps) {
  const lower = noun.toLowerCase();
  return (
    <Card withBorder padding="lg" radius="md">
      <Title order={3} fz="lg" mb="md">
        {title}
      </Title>
      <form noValidate onSubmit={onSubmit}>
        <Stack gap="md">
          {ids.map((id, index) => (
            <Card key={id} withBorder padding="sm" radius="sm" aria-label={namedCards ? `${noun} ${index + 1}` : undefined}>
              <Group justify="space-between" mb="xs">
                <Text fw={600}>
                  {noun} {index + 1}
                </Text>
                <ActionIcon
                  variant="subtle"
                  color="red"
                  aria-label={`Remove ${lower} ${index + 1}`}
                  disabled={ids.length <= 1}
                  onClick={() => onRemove(index)}
                >
                  <IconTrash size={16} />
                </ActionIcon>
              </Group>
              <SimpleGrid cols={{ base: 1, sm: 2 }}>{children(index)}</SimpleGrid>
            </Card>
          ))}
          {error ? (
            <Text c="red" size="sm">
              {error}
            </Text>
          ) : null}
          <Group justify="space-between">
            <Button variant="default" leftSection={<IconPlus size={16} />} disabled={ids.length >= max} onClick={onAdd}>
              Add {lower}
            </Button>
            <Button type="submit" loading={saving}>
              Save
            </Button>
          </Group>
        </Stack>
      </form>
    </Card>
  );
}
