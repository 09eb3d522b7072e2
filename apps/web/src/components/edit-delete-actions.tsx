import { ActionIcon, Group, Tooltip } from '@mantine/core';
import { IconPencil, IconTrash } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { confirmAction } from '@/lib/confirm';
import { notifyOutcome } from '@/lib/notify';

type EditDeleteActionsProps = {
  /** The row's name in the labels: 'Edit {name}', 'Delete {name}?'. */
  name: string;
  onEdit: () => void;
  /** The delete call, made after the confirmation (001 §2); its message or error is toasted. */
  onDelete: () => Promise<{ message: string }>;
  deleting: boolean;
  /** The row's edit dialog. */
  children?: ReactNode;
};

/** The Action cell of the inventory tables: edit and delete icons. */
export function EditDeleteActions({ name, onEdit, onDelete, deleting, children }: EditDeleteActionsProps) {
  const remove = () =>
    confirmAction({ title: `Delete ${name}?`, confirmLabel: 'Delete', danger: true, onConfirm: () => notifyOutcome(onDelete()) });
  return (
    <Group gap={4} wrap="nowrap">
      <Tooltip label="Edit">
        <ActionIcon variant="subtle" aria-label={`Edit ${name}`} onClick={onEdit}>
          <IconPencil size={18} />
        </ActionIcon>
      </Tooltip>
      <Tooltip label="Delete">
        <ActionIcon variant="subtle" color="red" aria-label={`Delete ${name}`} loading={deleting} onClick={remove}>
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
      {children}
    </Group>
  );
}
