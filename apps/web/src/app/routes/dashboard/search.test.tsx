import { headerSearchRoute, type HeaderSearchResponse } from '@portal/contract/search';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAgent, pendingAgent } from '@/features/agents/testing/agents-fixtures';
import { agentSession, buildBookingRow, confirmedRow } from '@/features/bookings/testing/bookings-fixtures';
import { buildTicket } from '@/features/tickets/testing/ticket-fixtures';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

// The header search's page (000 §2 /dashboard/search/{query}; issue 21 point 4, decision 023).

type Data = HeaderSearchResponse['data'];

function answer(data: Partial<Data> = {}, more: Partial<HeaderSearchResponse['more']> = {}) {
  return reply(headerSearchRoute, 200, {
    data: { agents: [], groups: [], bookings: [], ...data },
    more: { agents: false, groups: false, bookings: false, ...more },
  });
}

const openGroup = (overrides: Partial<Data['groups'][number]> = {}) => ({
  ...buildTicket({ id: 7, pnr: 'PK7781', sector: 'LHE - JED', date: '2031-03-10', remaining: 12, sold: 23, total_ticket: 35 }),
  close_status: 0 as const,
  offered: true,
  ...overrides,
});

const section = (name: string) => within(screen.getByRole('region', { name: `${name} results` }));

describe('header search results, /dashboard/search/{query}', () => {
  it('when an admin types in the header box, then it asks header-search and lists agents, groups and bookings, each opening its page', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/header-search': answer(
        {
          agents: [buildAgent(), pendingAgent()],
          groups: [openGroup(), openGroup({ id: 8, pnr: 'PK7782', close_status: 1, offered: false })],
          bookings: [buildBookingRow({ pnr: 'PK7781' }), confirmedRow({ pnr: 'PK7781', agent_name: 'Crescent Travel' })],
        },
        { bookings: true },
      ),
    });
    const { router } = renderApp('/dashboard');
    const user = userEvent.setup();
    const box = await screen.findByPlaceholderText('Search by email , PNR');
    await user.type(box, 'pk778{Enter}');
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/search/pk778'));
    expect(await screen.findByText('Results for “pk778”')).toBeInTheDocument();
    // The box keeps what was searched, to refine it.
    expect(screen.getByPlaceholderText('Search by email , PNR')).toHaveValue('pk778');
    await screen.findByRole('region', { name: 'Agents results' });
    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/header-search?query=pk778');

    const agents = section('Agents');
    expect(agents.getByText('crescent@example.com')).toBeInTheDocument();
    expect(agents.getByRole('button', { name: 'View profile of Crescent Travel' })).toBeInTheDocument();
    expect(agents.getByRole('button', { name: 'Actions for Crescent Travel' })).toBeInTheDocument();

    const groups = section('Groups by PNR');
    expect(groups.getByRole('link', { name: 'PK7781' })).toHaveAttribute('href', '/dashboard/pnr/PK7781');
    expect(groups.getByRole('link', { name: 'PK7782' })).toHaveAttribute('href', '/dashboard/pnr/PK7782');
    expect(groups.getByText('Closed')).toBeInTheDocument();
    expect(groups.getByText('Open')).toBeInTheDocument();
    expect(groups.queryByRole('button', { name: /Book/ })).not.toBeInTheDocument();

    const bookings = section('Bookings');
    expect(bookings.getByRole('link', { name: 'Booking 5' })).toHaveAttribute('href', '/dashboard/book/5');
    expect(bookings.getByRole('link', { name: 'Booking 6' })).toHaveAttribute('href', '/dashboard/book/6');
    expect(bookings.getByText('Crescent Travel')).toBeInTheDocument();
    expect(bookings.getByText('2+')).toBeInTheDocument();
    expect(bookings.getByText(/Only the first results are shown/)).toBeInTheDocument();
  });

  it("when an agent searches, then it gets its groups with Book and its own bookings, no agents, and a PNR opens the flight search", async () => {
    storeSession(agentSession());
    stubFetch({
      'GET /api/header-search': answer({ groups: [openGroup()], bookings: [buildBookingRow({ pnr: 'PK7781' })] }),
    });
    renderApp('/dashboard/search/PK7781');
    await screen.findByRole('region', { name: 'Groups by PNR results' });
    expect(screen.getByPlaceholderText('Search by email , PNR')).toHaveValue('PK7781');
    expect(screen.queryByText('Not allowed')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Agents results' })).not.toBeInTheDocument();
    const groups = section('Groups by PNR');
    expect(groups.getByRole('link', { name: 'PK7781' })).toHaveAttribute(
      'href',
      '/dashboard/flights?departure=LHE&arrival=JED&date=2031-03-10',
    );
    expect(groups.getByRole('button', { name: 'Book' })).toBeEnabled();
    const bookings = section('Bookings');
    expect(bookings.getByRole('link', { name: 'Booking 5' })).toHaveAttribute('href', '/dashboard/book/5');
    // An agent's bookings table has no Agent column (000 §2).
    expect(within(bookings.getByRole('table')).queryByRole('columnheader', { name: 'Agent' })).not.toBeInTheDocument();
  });

  it('when nothing matches, then the page says so and what can be typed', async () => {
    storeSession(agentSession());
    stubFetch({ 'GET /api/header-search': answer() });
    renderApp('/dashboard/search/nobody');
    expect(await screen.findByText('Nothing found')).toBeInTheDocument();
    expect(screen.getByText(/No PNR or booking of yours matches “nobody”/)).toBeInTheDocument();
  });
});
