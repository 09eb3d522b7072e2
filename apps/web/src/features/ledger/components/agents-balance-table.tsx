import { Anchor, Table } from '@mantine/core';
import { NO_BALANCE_RECORD_TEXT, type AgentBalanceRow } from '@portal/contract/ledger';
import type { MouseEvent } from 'react';
import { Link, useNavigate } from 'react-router';
import { ListTable } from '@/components/list-table';
import { AGENT_ID_PREFIX } from '@/config/constants';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import type { PagedList } from '@/lib/paged-list';

export const BALANCE_COLUMNS = ['Sr. #', 'Agent Id', 'Agent', 'Last Paid', 'Balance'];
const BALANCE_REPORT_LABEL = 'Agents balances';

/**
 * 'Balance Report' (001 §2 Agents Balance): each agent's ledger closing balance, most owed first, paged. A row opens
 * that agent's ledger (issue 21 §8): the agent's name is the link, and a click anywhere on the row follows it.
 */
export function AgentsBalanceTable({ list }: { list: PagedList<AgentBalanceRow> }) {
  const navigate = useNavigate();
  const openLedger = (event: MouseEvent, href: string) => {
    // A click on the link itself is the link's own navigation.
    if (event.target instanceof Element && event.target.closest('a')) return;
    void navigate(href);
  };
  return (
    <ListTable columns={BALANCE_COLUMNS} emptyText={NO_BALANCE_RECORD_TEXT} list={list} minWidth={620} label={BALANCE_REPORT_LABEL}>
      {list.rows.map((row, index) => (
        <Table.Tr
          key={row.agent_id}
          onClick={(event) => openLedger(event, paths.dashboard.accounts.getHref(row.agent_id))}
          style={{ cursor: 'pointer' }}
        >
          <Table.Td>{index + 1}</Table.Td>
          <Table.Td style={{ whiteSpace: 'nowrap' }}>
            {AGENT_ID_PREFIX}
            {row.agent_id}
          </Table.Td>
          <Table.Td>
            <Anchor
              component={Link}
              to={paths.dashboard.accounts.getHref(row.agent_id)}
              size="sm"
              aria-label={`Ledger of ${row.name} (${AGENT_ID_PREFIX}${row.agent_id})`}
            >
              {row.name}
            </Anchor>
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
