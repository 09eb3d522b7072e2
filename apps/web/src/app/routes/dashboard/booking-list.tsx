import { Anchor, Breadcrumbs, Text } from '@mantine/core';
import type { Ticket, TicketSectorGroup } from '@portal/contract/tickets';
import { Link, useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useMySectorTickets } from '@/features/tickets/api/get-my-sector-tickets';
import { ShareMenu } from '@/features/share/components/share-menu';
import { sectorShareProps } from '@/features/share/components/share-props';
import { TicketSectorList } from '@/features/tickets/components/ticket-sector-list';
import { TicketActions } from '@/app/routes/ticket-actions';

const renderBook = (ticket: Ticket) => <TicketActions ticket={ticket} />;

const renderShareSector = (group: TicketSectorGroup) => <ShareMenu {...sectorShareProps(group)} />;

/**
 * /dashboard/booking/{id}/{title}: the ticket cards of one my-sector, grouped by sector (000 §2),
 * through pnr-respect-to-mysector (admin) or pnr-respect-to-mysector-user (000 §7).
 */
export default function BookingListRoute() {
  const { id = '', title = '' } = useParams();
  const mySectorId = /^\d+$/.test(id) ? Number(id) : 0;
  const tickets = useMySectorTickets(mySectorId);
  return (
    <>
      <Breadcrumbs mb="sm">
        <Anchor component={Link} to={paths.dashboard.root.getHref()} size="sm">
          Dashboard
        </Anchor>
        <Text size="sm">{title}</Text>
      </Breadcrumbs>
      <PageHeader title={title || 'Booking List'} description="Group tickets on offer, by sector." />
      <TicketSectorList
        groups={mySectorId > 0 ? tickets.data?.tickets : []}
        loading={tickets.isPending && mySectorId > 0}
        signedIn
        renderAction={renderBook}
        renderSectorAction={renderShareSector}
      />
    </>
  );
}
