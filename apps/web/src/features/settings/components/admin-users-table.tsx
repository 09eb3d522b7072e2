import { Badge, Button, Card, Group, Table, Text, Title } from '@mantine/core';
import type { AdminUser } from '@portal/contract/settings';
import { IconPlus } from '@tabler/icons-react';
import { useState } from 'react';
import { isLocked, LockedBadge } from '@/components/locked-badge';
import { confirmAction } from '@/lib/confirm';
import { formatDate } from '@/lib/format';
import { notifyOutcome } from '@/lib/notify';
import { useAdmins } from '../api/get-admins';
import { useToggleAdmin } from '../api/toggle-admin';
import { useUnlockAdmin } from '../api/unlock-admin';
import { AdminUserFormModal } from './admin-user-form-modal';

type ModalState = { opened: false } | { opened: true; admin?: AdminUser };

/**
 * User Management (001 §2 Settings; PRODUCT §5): the admin users, Add New User, Edit, Deactivate/Activate, and
 * Unlock while one is locked after too many wrong passwords (decision 018).
 */
export function AdminUsersTable() {
  const admins = useAdmins();
  const toggle = useToggleAdmin();
  const unlock = useUnlockAdmin();
  const [modal, setModal] = useState<ModalState>({ opened: false });

  const askToggle = (admin: AdminUser) => {
    const verb = admin.is_active ? 'Deactivate' : 'Activate';
    confirmAction({
      title: `${verb} ${admin.name}?`,
      confirmLabel: verb,
      danger: admin.is_active,
      onConfirm: () => notifyOutcome(toggle.mutateAsync(admin.id)),
    });
  };

  const askUnlock = (admin: AdminUser) =>
    confirmAction({ title: `Unlock ${admin.name}?`, confirmLabel: 'Unlock', onConfirm: () => notifyOutcome(unlock.mutateAsync(admin.id)) });

  const rows = admins.data?.data ?? [];
  return (
    <Card withBorder padding="lg" radius="md">
      <Group justify="space-between" mb="md">
        <Title order={3} fz="lg">
          User Management
        </Title>
        <Button leftSection={<IconPlus size={16} />} onClick={() => setModal({ opened: true })}>
          Add New User
        </Button>
      </Group>
      <Table.ScrollContainer minWidth={640}>
        <Table striped highlightOnHover>
          <Table.Thead>
            <Table.Tr>
              <Table.Th>Name</Table.Th>
              <Table.Th>Email</Table.Th>
              <Table.Th>Status</Table.Th>
              <Table.Th>Created</Table.Th>
              <Table.Th>Action</Table.Th>
            </Table.Tr>
          </Table.Thead>
          <Table.Tbody>
            {admins.isPending ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed">Loading...</Text>
                </Table.Td>
              </Table.Tr>
            ) : rows.length === 0 ? (
              <Table.Tr>
                <Table.Td colSpan={5}>
                  <Text c="dimmed">No Record found.</Text>
                </Table.Td>
              </Table.Tr>
            ) : (
              rows.map((admin) => (
                <Table.Tr key={admin.id}>
                  <Table.Td>{admin.name}</Table.Td>
                  <Table.Td>{admin.email}</Table.Td>
                  <Table.Td>
                    <Group gap={4} wrap="nowrap">
                      <Badge color={admin.is_active ? 'teal' : 'gray'}>{admin.is_active ? 'Active' : 'Inactive'}</Badge>
                      <LockedBadge lockedUntil={admin.locked_until} />
                    </Group>
                  </Table.Td>
                  <Table.Td>{formatDate(admin.created_at)}</Table.Td>
                  <Table.Td>
                    <Group gap="xs" wrap="nowrap">
                      <Button size="xs" variant="light" aria-label={`Edit ${admin.name}`} onClick={() => setModal({ opened: true, admin })}>
                        Edit
                      </Button>
                      <Button
                        size="xs"
                        variant="light"
                        color={admin.is_active ? 'red' : 'teal'}
                        aria-label={`${admin.is_active ? 'Deactivate' : 'Activate'} ${admin.name}`}
                        onClick={() => askToggle(admin)}
                      >
                        {admin.is_active ? 'Deactivate' : 'Activate'}
                      </Button>
                      {isLocked(admin.locked_until) ? (
                        <Button size="xs" variant="light" color="blue" aria-label={`Unlock ${admin.name}`} onClick={() => askUnlock(admin)}>
                          Unlock
                        </Button>
                      ) : null}
                    </Group>
                  </Table.Td>
                </Table.Tr>
              ))
            )}
          </Table.Tbody>
        </Table>
      </Table.ScrollContainer>
      <AdminUserFormModal
        opened={modal.opened}
        admin={modal.opened ? modal.admin : undefined}
        onClose={() => setModal({ opened: false })}
      />
    </Card>
  );
}
