import type { BookingListRow } from '@portal/contract/booking-lifecycle';
import {
  FULLY_PENDING_PAYMENTS_TITLE,
  GENERAL_REPORT_TITLE,
  PARTIAL_PENDING_PAYMENTS_TITLE,
  PAYMENT_REPORT_CARDS,
  describeReportPeriod,
  type AllPendingPaymentsResponse,
  type GeneralReportQuery,
} from '@portal/contract/payments';
import { formatAgentId, formatCalendarDate } from '../documents/document-format.js';
import type { RenderedDocument } from '../documents/documents.usecases.js';
import { renderXlsx, type XlsxColumn, type XlsxTable, type XlsxValue } from '../documents/xlsx-table.js';

/** The General Report as a workbook (issue 21 §8, decision 022): a Summary sheet and a sheet for each list. */

const BOOKING_COLUMNS: XlsxColumn[] = [
  { header: 'Id', width: 8, kind: 'integer' },
  { header: 'PNR', width: 12 },
  { header: 'Airline', width: 22 },
  { header: 'Sector', width: 14 },
  { header: 'Date', width: 13, kind: 'date' },
  { header: 'Pse. Name', width: 26 },
  { header: 'Passengers', width: 11, kind: 'integer' },
  { header: 'Agent', width: 30 },
  { header: 'Booking Date', width: 13, kind: 'date' },
  { header: 'Total', width: 15, kind: 'money' },
  { header: 'Received', width: 15, kind: 'money' },
  { header: 'Due', width: 15, kind: 'money' },
];

function describeAgent(row: BookingListRow): string {
  const number = formatAgentId(row.agent_id);
  return number ? `${row.agent_name} (${number})` : row.agent_name;
}

function bookingValues(row: BookingListRow): XlsxValue[] {
  return [
    row.id,
    row.pnr,
    row.air_line,
    row.sector,
    row.date,
    row.passenger_name,
    row.passengers,
    describeAgent(row),
    row.booking_date,
    row.final_total,
    row.received_amount,
    row.remaining_amount,
  ];
}

function fileName({ from, to }: GeneralReportQuery): string {
  const period = [from && `from-${from}`, to && `to-${to}`].filter(Boolean).join('-');
  return `general-report${period ? `-${period}` : ''}.xlsx`;
}

function listTable(name: string, rows: BookingListRow[], period: string): XlsxTable {
  const sum = (pick: (row: BookingListRow) => number) => rows.reduce((total, row) => total + pick(row), 0);
  return {
    name,
    title: [`${GENERAL_REPORT_TITLE}: ${name}`, period],
    columns: BOOKING_COLUMNS,
    rows: rows.map(bookingValues),
    footer: ['Total', null, null, null, null, null, sum((row) => row.passengers), null, null,
      sum((row) => row.final_total), sum((row) => row.received_amount), sum((row) => row.remaining_amount)],
  };
}

export async function renderGeneralReportXlsx({
  report,
  query,
}: {
  report: AllPendingPaymentsResponse['data'];
  query: GeneralReportQuery;
}): Promise<RenderedDocument> {
  const period = describeReportPeriod(query, formatCalendarDate);
  const bytes = await renderXlsx([
    {
      name: 'Summary',
      title: [GENERAL_REPORT_TITLE, period],
      columns: [
        { header: 'Item', width: 24 },
        { header: 'Amount', width: 18, kind: 'money' },
      ],
      rows: [
        [PAYMENT_REPORT_CARDS.total_sale, report.report.total_sale],
        [PAYMENT_REPORT_CARDS.received_payment, report.report.received_payment],
        [PAYMENT_REPORT_CARDS.pending_payment, report.report.pending_payment],
        [PAYMENT_REPORT_CARDS.cancellation_charges, report.report.cancellation_charges],
      ],
    },
    listTable(FULLY_PENDING_PAYMENTS_TITLE, report.pending, period),
    listTable(PARTIAL_PENDING_PAYMENTS_TITLE, report.partial, period),
  ]);
  return { bytes, filename: fileName(query) };
}
