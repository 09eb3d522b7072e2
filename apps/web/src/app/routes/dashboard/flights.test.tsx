import { allBannersListRoute } from '@portal/contract/banners';
import { dashboardSummaryRoute, userDashboardRoute } from '@portal/contract/dashboard';
import { searchFlightsRoute } from '@portal/contract/tickets';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { agentSession, buildAdminDashboard, buildBannersList, buildUserDashboard } from '@/features/dashboard/testing/dashboard-fixtures';
import { buildTicket } from '@/features/tickets/testing/ticket-fixtures';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';

// The dashboard's flight search (issue 21 point 4, decision 023): route, date, airline, sorted by date, price, seats.

const cheap = buildTicket({ id: 8, pnr: 'CHEAP8', price: 99000, remaining: 3 });
const roomy = buildTicket({ id: 9, pnr: 'ROOMY9', price: 150000, remaining: 30 });

function bodiesOf(fetchMock: ReturnType<typeof stubFetch>) {
  return fetchMock.mock.calls.filter(([url]) => String(url) === '/api/search-flights').map(([, init]) => JSON.parse(String(init?.body)));
}

describe('dashboard flight search, /dashboard/flights', () => {
  it('when an agent opens a search, then it asks search-flights with the route, date and airline, and each ticket card has Book', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({ 'POST /api/search-flights': reply(searchFlightsRoute, 200, { data: [roomy, cheap] }) });
    renderApp('/dashboard/flights?departure=lhe&arrival=DXB&date=2031-03-10&airline=PIA');

    expect(await screen.findByRole('article', { name: 'PNR ROOMY9' })).toBeInTheDocument();
    expect(bodiesOf(fetchMock)).toEqual([{ departure: 'LHE', arrival: 'DXB', date: '2031-03-10', airline: 'PIA', sort: 'date' }]);
    expect(screen.getByText('Departing from 10 Mar 2031, airline “PIA”')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'LHE - DXB' })).toBeInTheDocument();
    const form = screen.getByRole('form', { name: 'Search Group Tickets' });
    expect(within(form).getByLabelText(/Departure/)).toHaveValue('LHE');
    expect(within(form).getByLabelText('Airline')).toHaveValue('PIA');
    expect(screen.getAllByRole('button', { name: 'Book' })).toHaveLength(2);
    expect(screen.getByText('PKR 99,000')).toBeInTheDocument();
    // The agents' ticket cards show the seats the list can be sorted by.
    expect(within(screen.getByRole('article', { name: 'PNR ROOMY9' })).getByText('Remaining: 30')).toBeInTheDocument();
    expect(screen.getByText('Only 3 seats left')).toBeInTheDocument();
  });

  it('when the agent picks Price, then the same search is asked sorted by price and the address keeps it', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({
      'POST /api/search-flights': ({ body }) =>
        reply(searchFlightsRoute, 200, { data: (body as { sort: string }).sort === 'price' ? [cheap, roomy] : [roomy, cheap] }),
    });
    const { router } = renderApp('/dashboard/flights?departure=LHE&arrival=DXB&date=2031-03-10');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'PNR ROOMY9' });

    await user.click(screen.getByRole('radio', { name: 'Price' }));
    await waitFor(() => expect(router.state.location.search).toBe('?departure=LHE&arrival=DXB&date=2031-03-10&sort=price'));
    await waitFor(() => {
      const cards = screen.getAllByRole('article').map((card) => card.getAttribute('aria-label'));
      expect(cards).toEqual(['PNR CHEAP8', 'PNR ROOMY9']);
    });
    expect(bodiesOf(fetchMock).at(-1)).toEqual({ departure: 'LHE', arrival: 'DXB', date: '2031-03-10', airline: '', sort: 'price' });

    await user.click(screen.getByRole('radio', { name: 'Seats' }));
    await waitFor(() => expect(bodiesOf(fetchMock).at(-1)).toMatchObject({ sort: 'seats' }));
  });

  it('when the agent types an airline and searches again, then the address and the request carry it, keeping the sort', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({ 'POST /api/search-flights': reply(searchFlightsRoute, 200, { data: [cheap] }) });
    const { router } = renderApp('/dashboard/flights?departure=LHE&arrival=DXB&date=2031-03-10&sort=seats');
    const user = userEvent.setup();
    await screen.findByRole('article', { name: 'PNR CHEAP8' });
    await user.type(screen.getByLabelText('Airline'), 'Saudia');
    await user.click(screen.getByRole('button', { name: 'Search' }));
    await waitFor(() =>
      expect(router.state.location.search).toBe('?departure=LHE&arrival=DXB&date=2031-03-10&airline=Saudia&sort=seats'),
    );
    await waitFor(() => expect(bodiesOf(fetchMock).at(-1)).toEqual({ departure: 'LHE', arrival: 'DXB', date: '2031-03-10', airline: 'Saudia', sort: 'seats' }));
  });

  it('when the page opens without a search, then the form asks for the route and nothing is searched', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({});
    renderApp('/dashboard/flights');
    expect(await screen.findByText(/Choose where from, where to/)).toBeInTheDocument();
    expect(bodiesOf(fetchMock)).toEqual([]);
  });

  it('when an agent opens the dashboard, then the search form is there and Search Flights is in the sidebar; an admin gets no form on top', async () => {
    storeSession(agentSession());
    stubFetch({
      'GET /api/user-dashboard': reply(userDashboardRoute, 200, buildUserDashboard()),
      'GET /api/allbanners-list': reply(allBannersListRoute, 200, buildBannersList([])),
    });
    const first = renderApp('/dashboard');
    const section = await screen.findByRole('region', { name: 'Search Flights' });
    expect(within(section).getByLabelText('Airline')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Search Flights' })).toHaveAttribute('href', '/dashboard/flights');
    first.unmount();

    storeSession();
    stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 200, buildAdminDashboard()),
      'GET /api/allbanners-list': reply(allBannersListRoute, 200, buildBannersList([])),
    });
    renderApp('/dashboard');
    await screen.findByText('1,287');
    expect(screen.queryByRole('region', { name: 'Search Flights' })).not.toBeInTheDocument();
  });
});
