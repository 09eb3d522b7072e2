import { Alert, Stack } from '@mantine/core';
import { NO_BOOKINGS_FOUND_TEXT } from '@portal/contract/booking-lifecycle';
import {
  describeReportPeriod,
  FULLY_PENDING_PAYMENTS_TITLE,
  GENERAL_REPORT_TITLE,
  PARTIAL_PENDING_PAYMENTS_TITLE,
} from '@portal/contract/payments';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { ReportActions } from '@/components/report-actions';
import { BookingsTable } from '@/features/bookings/components/bookings-table';
import { useDownloadGeneralReport } from '@/features/payments/api/download-general-report';
import { GENERAL_REPORT_PARAMS, useGeneralReport } from '@/features/payments/api/get-general-report';
import { ReportCards } from '@/features/payments/components/report-cards';
import { ReportRange } from '@/features/payments/components/report-range';
import { InsightsSection } from '@/features/insights/components/insights-section';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { useListParams } from '@/lib/list-params';

/**
 * /dashboard/payments, General Report (000 §2, admin): the totals cards ('N/A' while missing or failed) and
 * the fully and partly unpaid bookings as bookings tables with what each still owes, whose row menus offer Add
 * Payment. A range of booking dates in the address narrows all of it; Print and Download xlsx give the same
 * report (issue 21 §8, decision 022). The insights' charts and tables sit under the cards (decision 034); they do
 * not follow the range: each covers its own period.
 */
export default function PaymentsRoute() {
  const { filters: range, setFilters: setRange } = useListParams(GENERAL_REPORT_PARAMS);
  const report = useGeneralReport(range);
  const download = useDownloadGeneralReport();
  const data = report.data?.data;
  return (
    <>
      <PageHeader
        title={GENERAL_REPORT_TITLE}
        description={describeReportPeriod(range, (date) => formatDate(date))}
        actions={<ReportActions onDownload={() => download.mutate(range)} downloading={download.isPending} disabled={!data} />}
      />
      <ReportRange value={range} onChange={setRange} />
      <Stack gap="lg">
        {report.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />}>
            {errorMessage(report.error)}
          </Alert>
        ) : null}
        <ReportCards report={data?.report} />
        <InsightsSection />
        <BookingsTable
          caption={FULLY_PENDING_PAYMENTS_TITLE}
          rows={data?.pending ?? []}
          admin
          withDue
          emptyText={NO_BOOKINGS_FOUND_TEXT}
          loading={report.isPending}
        />
        <BookingsTable
          caption={PARTIAL_PENDING_PAYMENTS_TITLE}
          rows={data?.partial ?? []}
          admin
          withDue
          emptyText={NO_BOOKINGS_FOUND_TEXT}
          loading={report.isPending}
        />
      </Stack>
    </>
  );
}
