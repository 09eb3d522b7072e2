import { Container, Paper, Stack, Text, Title } from '@mantine/core';
import type { Ticket } from '@portal/contract/tickets';
import { useState } from 'react';
import { useParams } from 'react-router';
import { LoginModal } from '@/features/auth/components/login-modal';
import { useSearchFlights } from '@/features/search/api/search-flights';
import { SearchTicketsForm } from '@/features/search/components/search-tickets-form';
import { SearchResultsTable } from '@/features/tickets/components/search-results-table';
import { formatDate } from '@/lib/format';
import { usePageMeta } from '@/lib/page-meta';
import { useSession } from '@/lib/session';
import { TicketActions } from '@/app/routes/ticket-actions';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** /search/{dip}/{arriv}/{date} (000 §2): the form prefilled and the results table. */
export default function SearchRoute() {
  const { dip = '', arriv = '', date = '' } = useParams();
  const validDate = ISO_DATE.test(date) ? date : null;
  usePageMeta({
    title: `${dip} to ${arriv} Group Tickets`,
    description: `Airline group tickets from ${dip} to ${arriv}${validDate ? ` departing from ${formatDate(validDate)}` : ''}: fares, baggage and seats left.`,
  });
  const session = useSession();
  const search = useSearchFlights({ departure: dip, arrival: arriv, date }, Boolean(dip && arriv && validDate));
  // Booking without a session opens 'Login to your portal' (000 §2), then goes on with the booking.
  const [continueBooking, setContinueBooking] = useState<(() => void) | null>(null);

  const renderBook = (ticket: Ticket) => (
    <TicketActions ticket={ticket} compact onLoginRequired={(next) => setContinueBooking(() => next)} />
  );

  return (
    <Container size="xl" py="xl">
      <Stack gap="lg">
        <Stack gap={2}>
          <Title order={1} fz={{ base: 24, sm: 30 }}>
            {dip} to {arriv}
          </Title>
          <Text c="dimmed">Group tickets departing {validDate ? `from ${formatDate(validDate)}` : date}</Text>
        </Stack>
        <Paper withBorder p="md" radius="lg" shadow="xs">
          <SearchTicketsForm key={`${dip}-${arriv}-${date}`} initial={{ departure: dip, arrival: arriv, date: validDate }} />
        </Paper>
        <SearchResultsTable
          tickets={validDate ? search.data?.data : []}
          loading={search.isPending && search.fetchStatus !== 'idle'}
          signedIn={session !== null}
          renderAction={renderBook}
        />
      </Stack>
      <LoginModal
        opened={continueBooking !== null}
        onClose={() => setContinueBooking(null)}
        onSuccess={() => continueBooking?.()}
      />
    </Container>
  );
}
