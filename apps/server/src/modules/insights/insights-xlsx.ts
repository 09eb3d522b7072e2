import { AGE_BUCKETS, INSIGHT_TITLES, type InsightReport } from '@portal/contract/insights';
import type { Database } from '../../db/database.js';
import { formatAgentId, formatCalendarDate } from '../documents/document-format.js';
import type { RenderedDocument } from '../documents/documents.usecases.js';
import { renderXlsx, type XlsxTable } from '../documents/xlsx-table.js';
import type { TicketBoard } from '../tickets/ticket-board.js';
import { getReceivablesByAge, getSalesAndReceipts, getSeatsBySector } from './insights.usecases.js';

/** What a table is read from. */
interface InsightSources {
  db: Database;
  board: Pick<TicketBoard, 'seatsBySector'>;
  now: Date;
}

/** Each insights table as a one-sheet workbook (PRODUCT §6 "every report table exports to xlsx"), through renderXlsx. */

async function salesReceiptsTable({ db, now }: InsightSources): Promise<XlsxTable> {
  const report = await getSalesAndReceipts({ db, now });
  return {
    name: 'Sales and receipts',
    title: [INSIGHT_TITLES.salesReceipts, `${formatCalendarDate(report.from)} to ${formatCalendarDate(report.to)} (Asia/Karachi)`],
    columns: [
      { header: 'Date', width: 13, kind: 'date' },
      { header: 'Sales', width: 16, kind: 'money' },
      { header: 'Receipts', width: 16, kind: 'money' },
    ],
    rows: report.days.map((day) => [day.date, day.sales, day.receipts]),
    footer: ['Total', report.total_sales, report.total_receipts],
  };
}

async function seatsBySectorTable({ board }: InsightSources): Promise<XlsxTable> {
  const rows = await getSeatsBySector({ board });
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    name: 'Seats by sector',
    title: [INSIGHT_TITLES.seatsBySector, 'Open groups departing today or later'],
    columns: [
      { header: 'Sector', width: 16 },
      { header: 'Groups', width: 9, kind: 'integer' },
      { header: 'For sale', width: 10, kind: 'integer' },
      { header: 'Sold', width: 10, kind: 'integer' },
      { header: 'Remaining', width: 11, kind: 'integer' },
    ],
    rows: rows.map((row) => [row.sector, row.groups, row.for_sale, row.sold, row.remaining]),
    footer: ['Total', sum((row) => row.groups), sum((row) => row.for_sale), sum((row) => row.sold), sum((row) => row.remaining)],
  };
}

async function receivablesTable({ db, now }: InsightSources): Promise<XlsxTable> {
  const report = await getReceivablesByAge({ db, now });
  const rows = report.agents;
  const sum = (pick: (row: (typeof rows)[number]) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    name: 'Receivables by age',
    title: [INSIGHT_TITLES.receivablesByAge, `On ${formatCalendarDate(report.today)}`],
    columns: [
      { header: 'Agent', width: 30 },
      ...AGE_BUCKETS.map((bucket) => ({ header: bucket.label, width: 15, kind: 'money' as const })),
      { header: 'Total', width: 16, kind: 'money' },
    ],
    rows: rows.map((row) => {
      const number = formatAgentId(row.agent_id);
      return [number ? `${row.agent_name} (${number})` : row.agent_name, ...AGE_BUCKETS.map((bucket) => row[bucket.key]), row.total];
    }),
    footer: ['Total', ...AGE_BUCKETS.map((bucket) => sum((row) => row[bucket.key])), sum((row) => row.total)],
  };
}

const TABLES: Record<InsightReport, (sources: InsightSources) => Promise<XlsxTable>> = {
  'sales-receipts': salesReceiptsTable,
  'seats-by-sector': seatsBySectorTable,
  'receivables-by-age': receivablesTable,
};

export async function renderInsightXlsx({
  db,
  board,
  report,
  now = new Date(),
}: Omit<InsightSources, 'now'> & { report: InsightReport; now?: Date }): Promise<RenderedDocument> {
  const bytes = await renderXlsx([await TABLES[report]({ db, board, now })]);
  return { bytes, filename: `${report}.xlsx` };
}
