import { Badge, Table, Text } from '@mantine/core';
import { AUDIT_KIND_LABELS, type AuditEntry } from '@portal/contract/audit';
import { ListTable } from '@/components/list-table';
import { formatDateTime } from '@/lib/format';
import type { PagedList } from '@/lib/paged-list';
import { AuditChanges } from './audit-changes';

export const AUDIT_COLUMNS = ['Time', 'User', 'Address', 'Kind', 'Id', 'Action', 'Changes'];
export const NO_AUDIT_TEXT = 'No Change Found';

/** Audit rows (decision 035): time in Asia/Karachi, who, from where, what, and the before/after on request. */
export function AuditTable({ list, label = 'Audit trail' }: { list: PagedList<AuditEntry>; label?: string }) {
  return (
    <ListTable columns={AUDIT_COLUMNS} emptyText={NO_AUDIT_TEXT} list={list} minWidth={860} label={label} stickyEnd={1}>
      {list.rows.map((entry) => (
        <Table.Tr key={entry.id}>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDateTime(entry.at)}</Table.Td>
          <Table.Td>
            <Text size="sm" fw={500}>
              {entry.user_name}
            </Text>
          </Table.Td>
          <Table.Td style={{ overflowWrap: 'anywhere' }}>{entry.address ?? '—'}</Table.Td>
          <Table.Td>{AUDIT_KIND_LABELS[entry.kind]}</Table.Td>
          <Table.Td>{entry.entity_id === null ? '—' : `#${entry.entity_id}`}</Table.Td>
          <Table.Td>
            <Badge variant="light" color={entry.action === 'delete' || entry.action === 'cancel' ? 'red' : 'blue'}>
              {entry.action.replace(/_/g, ' ')}
            </Badge>
          </Table.Td>
          <Table.Td>
            <AuditChanges entry={entry} />
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
