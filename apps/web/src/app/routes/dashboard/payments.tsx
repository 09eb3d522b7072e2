import { Alert, Stack } from '@mantine/core';
import { NO_BOOKINGS_FOUND_TEXT } from '@portal/contract/booking-lifecycle';
import {
  FULLY_PENDING_PAYMENTS_TITLE,
  GENERAL_REPORT_TITLE,
  PARTIAL_PENDING_PAYMENTS_TITLE,
} from '@portal/contract/payments';
import { IconAlertCircle } from '@tabler/icons-react';
import { PageHeader } from '@/components/page-header';
import { BookingsTable } from '@/features/bookings/components/bookings-table';
import { useGeneralReport } from '@/features/payments/api/get-general-report';
import { ReportCards } from '@/features/payments/components/report-cards';
import { errorMessage } from '@/lib/api-client';

/**
 * /dashboard/payments, General Report (000 §2, admin): the totals cards ('N/A' while missing or failed) and
 * the fully and partly unpaid bookings as bookings tables, whose row menus offer Add Payment.
 */
export default function PaymentsRoute() {
  const report = useGeneralReport();
  const data = report.data?.data;
  return (
    <>
      <PageHeader title={GENERAL_REPORT_TITLE} />
      <Stack gap="lg">
        {report.isError ? (
          <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />}>
            {errorMessage(report.error)}
          </Alert>
        ) : null}
        <ReportCards report={data?.report} />
        <BookingsTable
          caption={FULLY_PENDING_PAYMENTS_TITLE}
          rows={data?.pending ?? []}
          admin
          emptyText={NO_BOOKINGS_FOUND_TEXT}
          loading={report.isPending}
        />
        <BookingsTable
          caption={PARTIAL_PENDING_PAYMENTS_TITLE}
          rows={data?.partial ?? []}
          admin
          emptyText={NO_BOOKINGS_FOUND_TEXT}
          loading={report.isPending}
        />
      </Stack>
    </>
  );
}
