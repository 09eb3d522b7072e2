import { Anchor, Table, Text } from '@mantine/core';
import { isDebit, LEDGER_TYPE_LABELS, NO_LEDGER_RECORD_TEXT, type AccountReport, type LedgerRow } from '@portal/contract/ledger';
import { Link } from 'react-router';
import { DataTable, EmptyRows, TableCard } from '@/components/data-table';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/format';
import { formatPKR } from '@/lib/money';

export const LEDGER_COLUMNS = ['Date', 'Description', 'PNR', 'Debit', 'Credit', 'Balance'];

/** 001 §2: rows of type out (or discount) are debits, the others credits. */
export function splitAmount(row: Pick<LedgerRow, 'type' | 'receive_amount'>): { debit: number | null; credit: number | null } {
  return isDebit(row.type) ? { debit: row.receive_amount, credit: null } : { debit: null, credit: row.receive_amount };
}

function PnrCell({ pnr, admin }: { pnr: string | null; admin: boolean }) {
  if (!pnr) return null;
  // Only admins open the full PNR; agents see it as text (001 §2 Accounts).
  return admin ? (
    <Anchor component={Link} to={paths.dashboard.pnr.getHref(pnr)} size="sm" ff="monospace" fw={700}>
      {pnr}
    </Anchor>
  ) : (
    <Text size="sm" ff="monospace" fw={700}>
      {pnr}
    </Text>
  );
}

const nowrap = { whiteSpace: 'nowrap' } as const;

/**
 * The ledger (001 §2 Accounts): the opening balance, each row with its debit or credit and the running
 * balance (what the agent owes), and the closing balance; 'No Record found' when the range has no rows.
 */
export function LedgerTable({ report, admin }: { report: AccountReport; admin: boolean }) {
  const totals = report.rows.reduce(
    (sum, row) => {
      const { debit, credit } = splitAmount(row);
      return { debit: sum.debit + (debit ?? 0), credit: sum.credit + (credit ?? 0) };
    },
    { debit: 0, credit: 0 },
  );
  const empty = report.rows.length === 0;
  return (
    <TableCard>
      <DataTable
        columns={LEDGER_COLUMNS}
        minWidth={760}
        label="Ledger"
        footer={
          <Table.Tr fw={700}>
            <Table.Td style={nowrap}>{report.to ? formatDate(report.to) : ''}</Table.Td>
            <Table.Td colSpan={2}>Closing Balance</Table.Td>
            <Table.Td style={nowrap}>{formatPKR(totals.debit)}</Table.Td>
            <Table.Td style={nowrap}>{formatPKR(totals.credit)}</Table.Td>
            <Table.Td style={nowrap}>{formatPKR(report.closing_balance)}</Table.Td>
          </Table.Tr>
        }
      >
        <Table.Tr fw={600}>
          <Table.Td style={nowrap}>{report.from ? formatDate(report.from) : ''}</Table.Td>
          <Table.Td colSpan={4}>Opening Balance</Table.Td>
          <Table.Td style={nowrap}>{formatPKR(report.opening_balance)}</Table.Td>
        </Table.Tr>
        {empty ? (
          <Table.Tr>
            <Table.Td colSpan={LEDGER_COLUMNS.length}>
              <EmptyRows text={NO_LEDGER_RECORD_TEXT} />
            </Table.Td>
          </Table.Tr>
        ) : (
          report.rows.map((row) => {
            const { debit, credit } = splitAmount(row);
            return (
              <Table.Tr key={row.id}>
                <Table.Td style={nowrap}>{formatDate(row.receive_date)}</Table.Td>
                <Table.Td>
                  <Text size="sm">{row.text}</Text>
                  <Text size="xs" c="dimmed">
                    {LEDGER_TYPE_LABELS[row.type]}
                    {row.booking !== null ? (
                      <>
                        {' · '}
                        <Anchor component={Link} to={paths.dashboard.book.getHref(row.booking)} size="xs">
                          Booking #{row.booking}
                        </Anchor>
                      </>
                    ) : null}
                  </Text>
                </Table.Td>
                <Table.Td>
                  <PnrCell pnr={row.pnr} admin={admin} />
                </Table.Td>
                <Table.Td style={nowrap}>{debit !== null ? formatPKR(debit) : ''}</Table.Td>
                <Table.Td style={nowrap}>{credit !== null ? formatPKR(credit) : ''}</Table.Td>
                <Table.Td style={nowrap}>{formatPKR(row.balance)}</Table.Td>
              </Table.Tr>
            );
          })
        )}
      </DataTable>
    </TableCard>
  );
}
