import { BALANCE_REPORT_TITLE, isDebit, LEDGER_TYPE_LABELS, type AccountReport, type AgentBalanceRow } from '@portal/contract/ledger';
import { formatAgentId, formatCalendarDate } from '../documents/document-format.js';
import type { RenderedDocument } from '../documents/documents.usecases.js';
import { renderXlsx, type XlsxColumn } from '../documents/xlsx-table.js';

/**
 * An account report as a workbook (issue 21 §8, decision 022): the ledger table as the page shows it, the opening
 * balance first and the closing balance, with the debit and credit totals, last.
 */

const COLUMNS: XlsxColumn[] = [
  { header: 'Date', width: 13, kind: 'date' },
  { header: 'Description', width: 40 },
  { header: 'Type', width: 10 },
  { header: 'PNR', width: 12 },
  { header: 'Booking Id', width: 11, kind: 'integer' },
  { header: 'Debit', width: 16, kind: 'money' },
  { header: 'Credit', width: 16, kind: 'money' },
  { header: 'Balance', width: 16, kind: 'money' },
];

export async function renderLedgerXlsx(report: AccountReport): Promise<RenderedDocument> {
  const agentNumber = formatAgentId(report.agent.agent_id) ?? '';
  const agency = report.agent.agency_name ?? report.agent.name;
  const period = report.from && report.to ? `${formatCalendarDate(report.from)} to ${formatCalendarDate(report.to)}` : 'All records';
  let debits = 0;
  let credits = 0;
  const rows = report.rows.map((row) => {
    const debit = isDebit(row.type) ? row.receive_amount : null;
    const credit = debit === null ? row.receive_amount : null;
    debits += debit ?? 0;
    credits += credit ?? 0;
    return [row.receive_date, row.text, LEDGER_TYPE_LABELS[row.type], row.pnr, row.booking, debit, credit, row.balance];
  });
  const bytes = await renderXlsx([
    {
      name: `Ledger ${agentNumber}`,
      title: [`Ledger of ${agency} (${agentNumber})`, period],
      columns: COLUMNS,
      rows: [[report.from, 'Opening Balance', null, null, null, null, null, report.opening_balance], ...rows],
      footer: [report.to, 'Closing Balance', null, null, null, debits, credits, report.closing_balance],
    },
  ]);
  const range = report.from && report.to ? `-${report.from}-to-${report.to}` : '';
  return { bytes, filename: `ledger-${agentNumber}${range}.xlsx` };
}

const BALANCE_COLUMNS: XlsxColumn[] = [
  { header: 'Sr. #', width: 7, kind: 'integer' },
  { header: 'Agent Id', width: 13 },
  { header: 'Agent', width: 34 },
  { header: 'Last Paid', width: 13, kind: 'date' },
  { header: 'Balance', width: 18, kind: 'money' },
];

/**
 * The Balance Report as a workbook (PRODUCT §6 "every report table exports to xlsx"): the page's columns for every
 * agent, most owed first, and the total balance last; as of the Asia/Karachi day `today`.
 */
export async function renderAgentsBalanceXlsx({ rows, today }: { rows: AgentBalanceRow[]; today: string }): Promise<RenderedDocument> {
  const bytes = await renderXlsx([
    {
      name: BALANCE_REPORT_TITLE,
      title: [BALANCE_REPORT_TITLE, `As of ${formatCalendarDate(today)}`],
      columns: BALANCE_COLUMNS,
      rows: rows.map((row, index) => [index + 1, formatAgentId(row.agent_id), row.name, row.last_paid, row.balance]),
      footer: ['Total', null, `${rows.length} agent${rows.length === 1 ? '' : 's'}`, null, rows.reduce((sum, row) => sum + row.balance, 0)],
    },
  ]);
  return { bytes, filename: `agents-balance-${today}.xlsx` };
}
