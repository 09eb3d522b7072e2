import { Table, Text } from '@mantine/core';
import { NO_BALANCE_RECORD_TEXT, type AgentBalanceRow } from '@portal/contract/ledger';
import { ListTable } from '@/components/list-table';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { formatDate, formatPKR } from '@/lib/format';
import type { PagedList } from '@/lib/paged-list';

export const BALANCE_COLUMNS = ['Sr. #', 'Agent Id', 'Agent', 'Last Paid', 'Balance'];

/** 'Balance Report' (001 §2 Agents Balance): each agent's ledger closing balance, most owed first, paged. */
export function AgentsBalanceTable({ list }: { list: PagedList<AgentBalanceRow> }) {
  return (
    <ListTable columns={BALANCE_COLUMNS} emptyText={NO_BALANCE_RECORD_TEXT} list={list} minWidth={620}>
      {list.rows.map((row, index) => (
        <Table.Tr key={row.agent_id}>
          <Table.Td>{index + 1}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {AGENT_ID_PREFIX}
            {row.agent_id}
          </Table.Td>
          <Table.Td>
            <Text size="sm">{row.name}</Text>
          </Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>{formatDate(row.last_paid)}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }} fw={600} c={row.balance > 0 ? 'red.7' : undefined}>
            {formatPKR(row.balance)}
          </Table.Td>
        </Table.Tr>
      ))}
    </ListTable>
  );
}
