import {
  accountReportResponseSchema,
  agentsBalanceResponseSchema,
  type AccountReport,
  type AccountReportResponse,
  type AgentBalanceRow,
  type AgentsBalanceResponse,
  type LedgerRow,
} from '@portal/contract/ledger';
import { buildPage } from '@/testing/inventory-fixtures';

/** Answers of the ledger contract, parsed with its schemas to stay honest. */

const row = (overrides: Partial<LedgerRow> & Pick<LedgerRow, 'id' | 'type' | 'receive_amount' | 'balance'>): LedgerRow => ({
  receive_date: '2031-03-01',
  text: 'Booking confirmed',
  pnr: 'ABC123',
  booking: 5,
  ...overrides,
});

/** Two bookings charged, a payment, and the second booking cancelled: 280,000 + 50,000 - 100,000 - 50,000. */
export const LEDGER_ROWS: LedgerRow[] = [
  row({ id: 1, type: 'out', receive_amount: 280000, balance: 280000, text: 'Booking #5 confirmed' }),
  row({ id: 2, type: 'out', receive_amount: 50000, balance: 330000, text: 'Booking #9 confirmed', pnr: 'XYZ999', booking: 9 }),
  row({ id: 3, type: 'in', receive_amount: 100000, balance: 230000, text: 'Cash at office', receive_date: '2031-03-02' }),
  row({ id: 4, type: 'reversal', receive_amount: 50000, balance: 180000, text: 'Booking #9 cancelled', pnr: 'XYZ999', booking: 9, receive_date: '2031-03-05' }),
];

export function buildAccountReport(overrides: Partial<AccountReport> = {}): AccountReportResponse {
  return accountReportResponseSchema.parse({
    data: {
      agent: { agent_id: 1042, name: 'Bilal Ahmed', agency_name: 'Bilal Travels' },
      type: 'all',
      from: null,
      to: null,
      opening_balance: 0,
      closing_balance: 180000,
      rows: LEDGER_ROWS,
      ...overrides,
    },
  });
}

export function buildBalanceRow(overrides: Partial<AgentBalanceRow> = {}): AgentBalanceRow {
  return { agent_id: 1001, name: 'Bilal Travels', agency_name: 'Bilal Travels', last_paid: '2031-03-02', balance: 180000, ...overrides };
}

export function buildBalancePage(rows: AgentBalanceRow[], options?: Parameters<typeof buildPage>[1]): AgentsBalanceResponse {
  return agentsBalanceResponseSchema.parse({ data: buildPage(rows, options) });
}
