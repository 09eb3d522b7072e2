import { Alert, Button, Stack } from '@mantine/core';
import { NO_BOOKINGS_FOUND_TEXT } from '@portal/contract/booking-lifecycle';
import type { PnrDetailsResponse } from '@portal/contract/tickets';
import { IconAlertCircle, IconEye, IconFileSpreadsheet, IconTicket } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import type { ReactNode } from 'react';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { errorMessage } from '@/lib/api-client';
import { formatDate } from '@/lib/format';
import { formatPKR } from '@/lib/money';
import { usePnrDetails } from '../api/get-pnr-details';
import { AmountCards } from './amount-cards';
import { BookingsTable } from './bookings-table';

type PnrDetailProps = {
  pnr: string;
  /** The Book Ticket button, given by the route (features do not import each other); shown while the group is offered. */
  bookTicket?: (details: PnrDetailsResponse) => ReactNode;
};

/** /dashboard/pnr/{pnr} (000 §2, admin): totals, bookings, cancelled bookings, Book Ticket, PDF and xlsx links. */
export function PnrDetail({ pnr, bookTicket }: PnrDetailProps) {
  const query = usePnrDetails(pnr);
  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={`PNR: ${pnr}`} maw={560}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const details = query.data;
  return (
    <>
      <PageHeader
        title={`PNR: ${details.pnr}`}
        description={`${details.ticket.air_line} · ${details.ticket.sector}`}
        actions={
          <>
            {details.offered && bookTicket ? bookTicket(details) : null}
            <Button
              component={Link}
              to={paths.dashboard.pnrTickets.getHref(details.pnr)}
              variant="light"
              color="indigo"
              leftSection={<IconTicket size={16} />}
            >
              Ticket numbers
            </Button>
            <Button
              component="a"
              href={details.pnr_pdf_view_link}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              leftSection={<IconEye size={16} />}
            >
              View
            </Button>
            <Button
              component="a"
              href={details.pnr_excel_downlaod}
              target="_blank"
              rel="noopener noreferrer"
              variant="light"
              color="teal"
              leftSection={<IconFileSpreadsheet size={16} />}
            >
              Download xlsx
            </Button>
          </>
        }
      />
      <Stack gap="lg">
        <AmountCards
          label="PNR totals"
          items={[
            { label: 'Total', value: details.total },
            { label: 'Sold', value: details.sold },
            { label: 'Remaining', value: details.remaining },
            { label: 'Date', value: formatDate(details.date) },
            { label: 'Price', value: formatPKR(details.price) },
            { label: 'Infant Price', value: formatPKR(details.infant_price) },
          ]}
        />
        <BookingsTable
          caption={`Bookings (${details.results.length})`}
          rows={details.results}
          admin
          emptyText={NO_BOOKINGS_FOUND_TEXT}
        />
        <BookingsTable
          caption={`Cancelled (${details.canceled.length})`}
          rows={details.canceled}
          admin
          emptyText={NO_BOOKINGS_FOUND_TEXT}
        />
      </Stack>
    </>
  );
}
