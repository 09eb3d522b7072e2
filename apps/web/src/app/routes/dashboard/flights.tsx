import { Group, Paper, Stack, Text } from '@mantine/core';
import { SEARCH_SORTS, type SearchSort, type Ticket } from '@portal/contract/tickets';
import { useNavigate, useSearchParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { paths } from '@/config/paths';
import { useSearchFlights } from '@/features/search/api/search-flights';
import { SearchSortControl } from '@/features/search/components/search-sort-control';
import { SearchTicketsForm, type SearchRequest } from '@/features/search/components/search-tickets-form';
import { ShareMenu } from '@/features/share/components/share-menu';
import { sectorShareProps } from '@/features/share/components/share-props';
import { TicketSectorList } from '@/features/tickets/components/ticket-sector-list';
import { formatDate } from '@/lib/format';
import { TicketActions } from '@/app/routes/ticket-actions';

const ISO_DATE = /^\d{4}-\d{2}-\d{2}$/;

/** The route's search as its query string holds it (`?departure=LHE&arrival=JED&date=2031-03-01&airline=&sort=price`). */
function readSearch(params: URLSearchParams) {
  const date = params.get('date') ?? '';
  const sortParam = params.get('sort');
  return {
    departure: (params.get('departure') ?? '').trim().toUpperCase(),
    arrival: (params.get('arrival') ?? '').trim().toUpperCase(),
    date: ISO_DATE.test(date) ? date : null,
    airline: (params.get('airline') ?? '').trim(),
    sort: SEARCH_SORTS.find((sort) => sort === sortParam) ?? 'date',
  };
}

/**
 * /dashboard/flights (issue 21 point 4, decision 023): the signed-in search inside the dashboard, for agents beside
 * the sector cards: route, date and airline, sorted by date, price or seats, as ticket cards with Book. It asks the same
 * search-flights as the public results page; the search lives in the address, so Back and a shared link keep it.
 */
export default function DashboardFlightsRoute() {
  const navigate = useNavigate();
  const [params, setParams] = useSearchParams();
  const search = readSearch(params);
  const ready = Boolean(search.departure && search.arrival && search.date);
  const flights = useSearchFlights(
    { departure: search.departure, arrival: search.arrival, date: search.date ?? '', airline: search.airline, sort: search.sort },
    ready,
  );

  const go = (next: SearchRequest & { sort?: SearchSort }) =>
    void navigate(paths.dashboard.flights.getHref({ ...next, sort: next.sort && next.sort !== 'date' ? next.sort : undefined }));

  const renderBook = (ticket: Ticket) => <TicketActions ticket={ticket} />;

  return (
    <>
      <PageHeader title="Search Flights" description="Group tickets by route, date and airline" />
      <Stack gap="md">
        <Paper withBorder p="md" radius="md">
          <SearchTicketsForm
            key={[search.departure, search.arrival, search.date, search.airline].join('|')}
            withAirline
            initial={{ departure: search.departure, arrival: search.arrival, date: search.date, airline: search.airline }}
            onSearch={(next) => go({ ...next, sort: search.sort })}
          />
        </Paper>
        {ready && search.date ? (
          <>
            <Group justify="space-between" gap="sm" wrap="wrap">
              <Text size="sm" c="dimmed">
                Departing from {formatDate(search.date)}
                {search.airline ? `, airline “${search.airline}”` : ', every airline'}
              </Text>
              <SearchSortControl
                value={search.sort}
                onChange={(sort) => {
                  const next = new URLSearchParams(params);
                  if (sort === 'date') next.delete('sort');
                  else next.set('sort', sort);
                  setParams(next);
                }}
              />
            </Group>
            {/* The agents' ticket cards (000 §2): Sold and Remaining on each, stacked on a phone, Book at hand. */}
            <TicketSectorList
              groups={flights.data ? [{ sector: `${search.departure} - ${search.arrival}`, tickets: flights.data.data }] : undefined}
              loading={flights.isPending && flights.fetchStatus !== 'idle'}
              signedIn
              renderAction={renderBook}
              renderSectorAction={(group) => <ShareMenu {...sectorShareProps(group)} />}
            />
          </>
        ) : (
          <Text size="sm" c="dimmed">
            Choose where from, where to and the first day you can travel; the airline is optional.
          </Text>
        )}
      </Stack>
    </>
  );
}
