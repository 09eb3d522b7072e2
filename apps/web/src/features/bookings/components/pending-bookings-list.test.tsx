import { notifications } from '@mantine/notifications';
import { pendingPaymentsRoute, unpaidBookingsRoute } from '@portal/contract/booking-lifecycle';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, confirmedRow } from '../testing/bookings-fixtures';

describe("Bookings Details, the pending bookings page (000 §2, §8)", () => {
  beforeEach(() => notifications.clean());

  it("when an agent has no unpaid bookings, then unpaid-bookings is asked and 'No bookings found.' shows above its own search", async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({ 'GET /api/unpaid-bookings': reply(unpaidBookingsRoute, 200, buildPage([])) });
    renderApp('/dashboard/pendingbookings');

    expect(await screen.findByText('No bookings found.')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Bookings Details' })).toBeInTheDocument();
    expect(screen.getByRole('search', { name: 'Search bookings' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(1);
  });

  it('when an admin searches by PNR, then pendingpayments is asked again from page 1 with the pnr', async () => {
    storeSession();
    const queries: URLSearchParams[] = [];
    stubFetch({
      'GET /api/pendingpayments': ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        queries.push(query);
        return reply(pendingPaymentsRoute, 200, buildPage(query.get('pnr') ? [] : [confirmedRow()]));
      },
    });
    renderApp('/dashboard/pendingbookings');
    const user = userEvent.setup();

    expect(await screen.findByText('CNF777')).toBeInTheDocument();
    const search = screen.getByRole('search', { name: 'Search bookings' });
    await user.type(within(search).getByRole('textbox', { name: 'PNR' }), 'zz9');
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('No bookings found.')).toBeInTheDocument();
    expect(queries.at(-1)?.get('pnr')).toBe('zz9');
    expect(queries.at(-1)?.get('page')).toBe('1');
  });

  it("when the list is loading, then the toast 'Please wait...' shows until it arrives", async () => {
    storeSession(agentSession());
    let release: (() => void) | undefined;
    const answer = reply(unpaidBookingsRoute, 200, buildPage([confirmedRow()]));
    vi.stubGlobal(
      'fetch',
      vi.fn(
        () =>
          new Promise<Response>((resolve) => {
            if (!('body' in answer)) throw new Error('stub expected');
            release = () => resolve(new Response(JSON.stringify(answer.body), { status: 200 }));
          }),
      ),
    );
    renderApp('/dashboard/pendingbookings');

    expect(await screen.findByText('Please wait...')).toBeInTheDocument();
    release?.();
    expect(await screen.findByText('CNF777')).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('Please wait...')).not.toBeInTheDocument());
  });
});
