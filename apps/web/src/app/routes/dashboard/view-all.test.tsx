import { listAgentsRoute } from '@portal/contract/agents';
import { listOfBookingsRoute } from '@portal/contract/booking-lifecycle';
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { buildAgent, pendingAgent } from '@/features/agents/testing/agents-fixtures';
import { buildBookingRow } from '@/features/bookings/testing/bookings-fixtures';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';

// Where the dashboard's 'View all' links lead (issue 21 point 5, decision 023).

const urlsOf = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.startsWith(path));

describe("the dashboard's View all pages", () => {
  it('when /dashboard/bookings?status=hold opens, then it is titled Bookings on Hold and asks for holds only', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'GET /api/listofbookings': reply(listOfBookingsRoute, 200, buildPage([buildBookingRow()])) });
    renderApp('/dashboard/bookings?status=hold');
    expect(await screen.findByRole('heading', { name: 'Bookings on Hold' })).toBeInTheDocument();
    await screen.findByText('ABC123');
    expect(urlsOf(fetchMock, '/api/listofbookings')).toEqual(['/api/listofbookings?page=1&status=hold']);
  });

  it('when /dashboard/agents?status=pending opens, then only pending agents are asked; All asks for every status', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/listofagents': ({ url }) =>
        reply(listAgentsRoute, 200, buildPage(url.includes('status=pending') ? [pendingAgent()] : [buildAgent(), pendingAgent()])),
    });
    const { router } = renderApp('/dashboard/agents?status=pending');
    expect(await screen.findByText('crescent@example.com')).toBeInTheDocument();
    expect(screen.queryByText('bilal@example.com')).not.toBeInTheDocument();
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Pending');
    expect(urlsOf(fetchMock, '/api/listofagents')).toEqual(['/api/listofagents?page=1&status=pending']);

    const user = userEvent.setup();
    await user.click(screen.getByRole('combobox', { name: 'Status' }));
    await user.click(await screen.findByRole('option', { name: 'All statuses' }));
    expect(await screen.findByText('bilal@example.com')).toBeInTheDocument();
    await waitFor(() => expect(router.state.location.search).toBe(''));
    expect(urlsOf(fetchMock, '/api/listofagents').at(-1)).toBe('/api/listofagents?page=1');
  });
});
