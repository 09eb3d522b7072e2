import { Alert, Anchor, Button, Group } from '@mantine/core';
import { IconAlertCircle, IconArrowLeft, IconCopy } from '@tabler/icons-react';
import { useEffect, useState } from 'react';
import { Link } from 'react-router';
import { EmptyRows } from '@/components/data-table';
import { PageHeader } from '@/components/page-header';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { errorMessage } from '@/lib/api-client';
import { copyText } from '@/lib/copy-text';
import { notifyError } from '@/lib/notify';
import { getPnrNameList } from '../api/get-pnr-name-list';
import { usePnrPassengers } from '../api/get-pnr-passengers';
import { BookingTicketsForms } from './booking-tickets-form';
import { ImportTicketsButton } from './import-tickets-modal';

export const NO_PASSENGERS_TEXT = 'No live bookings on this PNR.';

/** 'Copy name list' (PRODUCT §6): the airline name list on the clipboard, said with the 'Copied' toast as Share does. */
export function CopyNameListButton({ pnr }: { pnr: string }) {
  const [busy, setBusy] = useState(false);
  const copy = async () => {
    setBusy(true);
    try {
      await copyText(await getPnrNameList(pnr));
    } catch (error) {
      notifyError(errorMessage(error));
    } finally {
      setBusy(false);
    }
  };
  return (
    <Button variant="light" color="teal" leftSection={<IconCopy size={16} />} loading={busy} onClick={() => void copy()}>
      Copy name list
    </Button>
  );
}

/**
 * /dashboard/pnr/{pnr}/tickets (admin): the group's passengers, booking by booking, with their ticket numbers to type,
 * the airline's sheet to import and the name list to copy (PRODUCT §6, decision 031). `bookingId` (from the booking
 * detail's 'Ticket numbers') brings that booking into view and marks it.
 */
export function PnrTicketsPage({ pnr, bookingId }: { pnr: string; bookingId?: number | undefined }) {
  const query = usePnrPassengers(pnr);
  const loaded = query.data !== undefined;
  useEffect(() => {
    if (!loaded || bookingId === undefined) return;
    document.getElementById(`booking-${bookingId}`)?.scrollIntoView({ block: 'start' });
  }, [loaded, bookingId]);

  if (query.isPending) return <PageLoader />;
  if (query.isError) {
    return (
      <Alert color="red" variant="light" icon={<IconAlertCircle size={20} />} title={`PNR: ${pnr}`} maw={560}>
        {errorMessage(query.error)}
      </Alert>
    );
  }
  const { data } = query.data;
  return (
    <>
      <PageHeader
        title={`Ticket numbers · PNR ${data.pnr}`}
        description="Type each passenger's 13-digit e-ticket number, or import the airline's sheet."
        actions={
          <Group gap="sm">
            <ImportTicketsButton />
            <CopyNameListButton pnr={data.pnr} />
          </Group>
        }
      />
      <Anchor component={Link} to={paths.dashboard.pnr.getHref(data.pnr)} size="sm" mb="md" display="inline-block">
        <Group gap={4}>
          <IconArrowLeft size={14} /> Back to PNR {data.pnr}
        </Group>
      </Anchor>
      {data.bookings.length === 0 ? <EmptyRows text={NO_PASSENGERS_TEXT} /> : <BookingTicketsForms bookings={data.bookings} highlightedId={bookingId} />}
    </>
  );
}
