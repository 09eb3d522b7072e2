import { loginRoute } from '@portal/contract/auth';
import { checkAvailabilityRoute } from '@portal/contract/bookings';
import { searchFlightsRoute } from '@portal/contract/tickets';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { AppProvider } from '@/app/provider';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildReturnTicket, buildTicket } from '../testing/ticket-fixtures';
import { SearchResultsTable } from './search-results-table';

const SEARCH_URL = '/search/LHE/DXB/2031-03-10';

function rowOf(text: string): HTMLElement {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`no row holds ${text}`);
  return row;
}

describe('Flight search results (000 §2)', () => {
  it('when results are loading, then 5 skeleton rows show under the five columns', () => {
    render(
      <AppProvider env="test">
        <SearchResultsTable tickets={undefined} loading signedIn={false} />
      </AppProvider>,
    );
    const headers = screen.getAllByRole('columnheader').map((header) => header.textContent);
    expect(headers).toEqual(['Airline', 'Sector/Date', 'Timing', 'Baggage/Meal', 'Price']);
    expect(screen.getAllByTestId('skeleton-row')).toHaveLength(5);
    expect(screen.queryByText('No Ticket Found')).not.toBeInTheDocument();
  });

  it("when a visitor searches, then prices read 'Login For Price' and Book opens 'Login to your portal'", async () => {
    const fetchMock = stubFetch({
      'POST /api/search-flights': reply(searchFlightsRoute, 200, { data: [buildTicket({ price: null, infant_price: null })] }),
    });
    renderApp(SEARCH_URL);
    const user = userEvent.setup();

    expect(await screen.findByText('Login For Price')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ departure: 'LHE', arrival: 'DXB', date: '2031-03-10' });
    const row = rowOf('PNR ABC123');
    expect(within(row).getByText('LHE - DXB')).toBeInTheDocument();
    expect(within(row).getByText('30kg + 7kg')).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('dialog', { name: 'Login to your portal' })).toBeInTheDocument();
  });

  it('when the visitor signs in from the Book button, then the Book Ticket dialog opens and prices show', async () => {
    let signedIn = false;
    stubFetch({
      'POST /api/search-flights': ({ headers }) =>
        reply(searchFlightsRoute, 200, {
          data: [headers.get('Authorization') ? buildTicket() : buildTicket({ price: null, infant_price: null })],
        }),
      'POST /api/login': () => {
        signedIn = true;
        return reply(loginRoute, 200, { success: buildSession({ role: 'user', agent_id: 3 }) });
      },
      'POST /api/check-availbility': reply(checkAvailabilityRoute, 200, {
        data: { status: true, remaining: 31, price: 145000, infant_price: 35000, total_amount: 145000, updated_at: null },
      }),
    });
    renderApp(SEARCH_URL);
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Book' }));
    const login = await screen.findByRole('dialog', { name: 'Login to your portal' });
    await user.type(within(login).getByLabelText(/Email/), 'agent@example.com');
    await user.type(within(login).getByLabelText(/Password/), 'Agent@12345');
    await user.click(within(login).getByRole('button', { name: 'Log In' }));

    const dialog = await screen.findByRole('dialog', { name: 'Book Ticket' });
    expect(within(dialog).getByText('ABC123')).toBeInTheDocument();
    expect(signedIn).toBe(true);
    // The results are asked again with the token, so the price reaches the dialog (and the row).
    await waitFor(() => expect(within(dialog).getByText('PKR 145,000')).toBeInTheDocument());
    expect(screen.queryByText('Login For Price')).not.toBeInTheDocument();
  });

  it("when an agent searches, then prices show in PKR, 0 reads 'Fare on call' and the seats-left warning shows at 3 but not 4", async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({
      'POST /api/search-flights': reply(searchFlightsRoute, 200, {
        data: [
          buildTicket({ id: 1, pnr: 'PNR001', price: 145000, remaining: 3, sold: 32, alert: true }),
          buildTicket({ id: 2, pnr: 'PNR002', price: 0, remaining: 4, sold: 31 }),
          buildReturnTicket({ id: 3, pnr: 'PNR003', remaining: 0, sold: 35, alert: true }),
        ],
      }),
    });
    renderApp(SEARCH_URL);

    await screen.findByText('PNR PNR001');
    const first = rowOf('PNR PNR001');
    expect(within(first).getByText('PKR 145,000')).toBeInTheDocument();
    expect(within(first).getByText('Only 3 seats left')).toBeInTheDocument();

    const second = rowOf('PNR PNR002');
    expect(within(second).getByText('Fare on call')).toBeInTheDocument();
    expect(within(second).queryByText(/seats? left/)).not.toBeInTheDocument();

    // Return: the first two legs' baggage; sold out: no warning, the button says so.
    const third = rowOf('PNR PNR003');
    expect(within(third).getByText('30kg + 7kg')).toBeInTheDocument();
    expect(within(third).getByText('20kg + 7kg')).toBeInTheDocument();
    expect(within(third).getByRole('button', { name: 'Sold out' })).toBeDisabled();
  });

  it("when nothing matches, then 'No Ticket Found' shows", async () => {
    stubFetch({ 'POST /api/search-flights': reply(searchFlightsRoute, 200, { data: [] }) });
    renderApp(SEARCH_URL);
    expect(await screen.findByText('No Ticket Found')).toBeInTheDocument();
  });
});
