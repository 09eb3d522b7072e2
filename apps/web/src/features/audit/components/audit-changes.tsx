import { Badge, Button, Group, Modal, ScrollArea, Switch, Table, Text } from '@mantine/core';
import { useDisclosure } from '@mantine/hooks';
import { AUDIT_KIND_LABELS, type AuditEntry } from '@portal/contract/audit';
import { useState } from 'react';
import { formatDateTime } from '@/lib/format';
import { diffSnapshots } from './audit-diff';

/** 'Changes': the row's before and after, field by field, changed fields first marked (all fields on request). */
export function AuditChanges({ entry }: { entry: AuditEntry }) {
  const [opened, { open, close }] = useDisclosure(false);
  const [all, setAll] = useState(false);
  const rows = diffSnapshots(entry.before, entry.after);
  const changed = rows.filter((row) => row.changed);
  const shown = all ? rows : changed;
  const title = `${AUDIT_KIND_LABELS[entry.kind]}${entry.entity_id === null ? '' : ` #${entry.entity_id}`}: ${entry.action}`;
  return (
    <>
      <Button size="compact-sm" variant="light" onClick={open} aria-label={`Changes of ${title}`}>
        {changed.length === 0 ? 'No change' : changed.length === 1 ? '1 change' : `${changed.length} changes`}
      </Button>
      <Modal opened={opened} onClose={close} title={title} size="xl" fullScreen={false} scrollAreaComponent={ScrollArea.Autosize}>
        <Group justify="space-between" mb="sm" wrap="wrap" gap="xs">
          <Text size="sm" c="dimmed">
            {formatDateTime(entry.at)} · {entry.user_name}
            {entry.address ? ` · ${entry.address}` : ''}
          </Text>
          <Switch label="Show all fields" checked={all} onChange={(event) => setAll(event.currentTarget.checked)} />
        </Group>
        {shown.length === 0 ? (
          <Text size="sm">No field changed.</Text>
        ) : (
          // Fixed columns that wrap their text: the dialog never scrolls sideways on a phone.
          <Table striped withTableBorder layout="fixed" aria-label="Before and after">
              <Table.Thead>
                <Table.Tr>
                  <Table.Th w="36%">Field</Table.Th>
                  <Table.Th>Before</Table.Th>
                  <Table.Th>After</Table.Th>
                </Table.Tr>
              </Table.Thead>
              <Table.Tbody>
                {shown.map((row) => (
                  <Table.Tr key={row.field}>
                    <Table.Td style={{ overflowWrap: 'anywhere' }}>
                      <Group gap={4}>
                        <Text size="sm" ff="monospace" style={{ overflowWrap: 'anywhere' }}>
                          {row.field}
                        </Text>
                        {all && row.changed ? (
                          <Badge size="xs" color="orange" variant="light">
                            changed
                          </Badge>
                        ) : null}
                      </Group>
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }} c={row.changed ? 'red.8' : undefined}>
                      {row.before}
                    </Table.Td>
                    <Table.Td style={{ overflowWrap: 'anywhere' }} c={row.changed ? 'teal.8' : undefined}>
                      {row.after}
                    </Table.Td>
                  </Table.Tr>
                ))}
              </Table.Tbody>
            </Table>
        )}
      </Modal>
    </>
  );
}
