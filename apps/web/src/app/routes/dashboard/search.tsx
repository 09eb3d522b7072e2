import { Alert, Badge, Center, Group, Loader, Stack, Text, Title } from '@mantine/core';
import { NO_BOOKINGS_FOUND_TEXT } from '@portal/contract/booking-lifecycle';
import { HEADER_SEARCH_TEXTS, type SearchGroup } from '@portal/contract/search';
import { IconAlertTriangle, IconInfoCircle } from '@tabler/icons-react';
import type { ReactNode } from 'react';
import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { AgentSearchResults } from '@/features/agents/components/agent-search-results';
import { BookingsTable } from '@/features/bookings/components/bookings-table';
import { useHeaderSearch } from '@/features/search/api/header-search';
import { FoundGroupsTable } from '@/features/tickets/components/found-groups-table';
import { errorMessage } from '@/lib/api-client';
import { isAdmin, useSession } from '@/lib/session';
import { TicketActions } from '@/app/routes/ticket-actions';

function Section({ title, count, more, children }: { title: string; count: number; more: boolean; children: ReactNode }) {
  return (
    <Stack gap="xs" component="section" aria-label={`${title} results`}>
      <Group gap="xs">
        <Title order={3} fz="md">
          {title}
        </Title>
        <Badge variant="light" color="gray" radius="sm">
          {more ? `${count}+` : count}
        </Badge>
      </Group>
      {more ? (
        <Text size="xs" c="dimmed">
          {HEADER_SEARCH_TEXTS.more}
        </Text>
      ) : null}
      {children}
    </Stack>
  );
}

/** The first leg's origin and the outbound journey's end, as the flight search takes them ('LHE - JED'). */
function flightSearchHref(group: SearchGroup): string {
  const [departure = '', arrival = ''] = group.sector.split(' - ');
  return paths.dashboard.flights.getHref({ departure, arrival, date: group.date });
}

/**
 * /dashboard/search/{query}: what the header box 'Search by email , PNR' finds (000 §2; issue 21 point 4,
 * decision 023), grouped: agents (admins only), groups by PNR and bookings (an agent's own). An admin's PNR opens
 * the PNR page; an agent's opens the flight search of its route and date, and its Book button books it.
 */
export default function DashboardSearchRoute() {
  const { query = '' } = useParams();
  const admin = isAdmin(useSession());
  const search = useHeaderSearch(query);
  const answer = search.data;

  const renderBook = (group: SearchGroup) => (group.offered ? <TicketActions ticket={group} compact /> : null);

  let body: ReactNode;
  if (search.isError && !answer) {
    body = (
      <Alert color="red" variant="light" icon={<IconAlertTriangle size={18} />}>
        {errorMessage(search.error)}
      </Alert>
    );
  } else if (!answer) {
    body = (
      <Center py="xl">
        <Loader size="sm" aria-label="Loading" />
      </Center>
    );
  } else {
    const { agents, groups, bookings } = answer.data;
    const nothing = agents.length + groups.length + bookings.length === 0;
    body = nothing ? (
      <Alert color="gray" variant="light" icon={<IconInfoCircle size={18} />} title={HEADER_SEARCH_TEXTS.nothingFound}>
        {admin ? 'No agent, PNR or booking matches' : 'No PNR or booking of yours matches'} “{query}”. Try a PNR, an e-mail address, a
        booking number or a passenger’s name.
      </Alert>
    ) : (
      <Stack gap="xl">
        {admin && agents.length > 0 ? (
          <Section title={HEADER_SEARCH_TEXTS.agents} count={agents.length} more={answer.more.agents}>
            <AgentSearchResults agents={agents} />
          </Section>
        ) : null}
        {groups.length > 0 ? (
          <Section title={HEADER_SEARCH_TEXTS.groups} count={groups.length} more={answer.more.groups}>
            <FoundGroupsTable
              groups={groups}
              getHref={(group) => (admin ? paths.dashboard.pnr.getHref(group.pnr) : flightSearchHref(group))}
              renderAction={admin ? undefined : renderBook}
            />
          </Section>
        ) : null}
        {bookings.length > 0 ? (
          <Section title={HEADER_SEARCH_TEXTS.bookings} count={bookings.length} more={answer.more.bookings}>
            <BookingsTable rows={bookings} admin={admin} emptyText={NO_BOOKINGS_FOUND_TEXT} />
          </Section>
        ) : null}
      </Stack>
    );
  }

  return (
    <>
      <PageHeader title="Search Result" description={`Results for “${query}”`} />
      {body}
    </>
  );
}
