import { ActionIcon, Button, Group, Tooltip } from '@mantine/core';
import type { Group as GroupRow } from '@portal/contract/groups';
import { IconLock, IconLockOpen, IconPencil, IconTrash } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { confirmAction } from '@/lib/confirm';
import { notifyOutcome } from '@/lib/notify';
import { useDeleteGroup } from '../api/delete-group';
import { useUpdateGroupStatus } from '../api/update-group-status';

/** Row actions (001 §2): edit, Close Group / Active Group and delete, each change after the confirmation. */
export function GroupActions({ group, withEdit = true }: { group: GroupRow; withEdit?: boolean }) {
  const statusMutation = useUpdateGroupStatus();
  const deleteMutation = useDeleteGroup();
  const closed = group.close_status === 1;
  const statusLabel = closed ? 'Active Group' : 'Close Group';

  return (
    <Group gap={4} wrap="nowrap">
      {withEdit ? (
        <Tooltip label="Edit">
          <ActionIcon
            component={Link}
            to={paths.dashboard.updateGroup.getHref(group.id)}
            variant="subtle"
            aria-label={`Edit ${group.pnr}`}
          >
            <IconPencil size={18} />
          </ActionIcon>
        </Tooltip>
      ) : null}
      <Button
        size="compact-xs"
        variant="light"
        color={closed ? 'teal' : 'orange'}
        leftSection={closed ? <IconLockOpen size={14} /> : <IconLock size={14} />}
        loading={statusMutation.isPending}
        onClick={() =>
          confirmAction({
            title: `${statusLabel} ${group.pnr}`,
            onConfirm: () =>
              notifyOutcome(statusMutation.mutateAsync({ group_id: group.id, close_status: closed ? 0 : 1 })),
          })
        }
      >
        {statusLabel}
      </Button>
      <Tooltip label="Delete">
        <ActionIcon
          variant="subtle"
          color="red"
          aria-label={`Delete ${group.pnr}`}
          loading={deleteMutation.isPending}
          onClick={() =>
            confirmAction({
              title: `Delete ${group.pnr}`,
              confirmLabel: 'Delete',
              danger: true,
              onConfirm: () => notifyOutcome(deleteMutation.mutateAsync(group.id)),
            })
          }
        >
          <IconTrash size={18} />
        </ActionIcon>
      </Tooltip>
    </Group>
  );
}
