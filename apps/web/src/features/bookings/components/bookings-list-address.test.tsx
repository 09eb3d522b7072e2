import { notifications } from '@mantine/notifications';
import { agentBookingDetailRoute, agentListOfBookingsRoute, BOOKING_ID_SEARCH_MESSAGE } from '@portal/contract/booking-lifecycle';
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildBookingRow, cancelledRow, confirmedRow } from '../testing/bookings-fixtures';

// Issue 21 §7 (decision 022): the bookings list keeps its search and page in the address, so Back returns to it.

/** agnetlistofbookings answering two pages, recording every query it is asked. */
function stubAgentList() {
  const queries: URLSearchParams[] = [];
  stubFetch({
    'GET /api/agnetlistofbookings': ({ url }) => {
      const query = new URL(url, 'http://localhost').searchParams;
      queries.push(query);
      return query.get('page') === '2'
        ? reply(agentListOfBookingsRoute, 200, buildPage([cancelledRow()], { page: 2, total: 3, perPage: 2 }))
        : reply(agentListOfBookingsRoute, 200, buildPage([buildBookingRow(), confirmedRow()], { total: 3, perPage: 2, hasNext: true }));
    },
    'POST /api/agent-booking-detail': reply(agentBookingDetailRoute, 404, { message: 'Booking not found.' }),
  });
  return queries;
}

const searchForm = () => screen.getByRole('search', { name: 'Search bookings' });

describe('Bookings list in the address (issue 21 §7)', () => {
  beforeEach(() => notifications.clean());

  it('when an agent searches by passenger name and pages on, then Back from a booking returns to the same filtered list and page', async () => {
    storeSession(agentSession());
    const queries = stubAgentList();
    const { router } = renderApp('/dashboard/bookings');
    const user = userEvent.setup();
    expect(await screen.findByText('ABC123')).toBeInTheDocument();

    await user.click(within(searchForm()).getByRole('combobox', { name: 'Search By' }));
    await user.click(await screen.findByRole('option', { name: 'Passenger Name' }));
    await user.type(within(searchForm()).getByRole('textbox', { name: 'Passenger Name' }), 'sara ahmed');
    await user.click(within(searchForm()).getByRole('button', { name: 'Search' }));
    await waitFor(() => expect(router.state.location.search).toBe('?passenger_name=sara+ahmed'));
    await waitFor(() => expect(queries.at(-1)?.get('passenger_name')).toBe('sara ahmed'));

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('CXL888')).toBeInTheDocument();
    expect(router.state.location.search).toBe('?passenger_name=sara+ahmed&page=2');

    await user.click(screen.getByRole('button', { name: 'Actions for booking 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'View' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/book/5'));

    await act(() => router.navigate(-1));
    expect(router.state.location.pathname).toBe('/dashboard/bookings');
    expect(router.state.location.search).toBe('?passenger_name=sara+ahmed&page=2');
    expect(await within(searchForm()).findByRole('textbox', { name: 'Passenger Name' })).toHaveValue('sara ahmed');
    expect(await screen.findByText('CXL888')).toBeInTheDocument();
    expect(screen.getByText('ABC123')).toBeInTheDocument();
    expect(screen.getByTestId('pager-count')).toHaveTextContent('3 of 3');
    expect(queries.slice(1).every((query) => query.get('passenger_name') === 'sara ahmed')).toBe(true);
  });

  it('when the list opens on an address with a search and a page, then the fields show it and both pages are asked with it', async () => {
    storeSession(agentSession());
    const queries = stubAgentList();
    renderApp('/dashboard/bookings?booking_id=5&page=2');

    expect(await screen.findByText('CXL888')).toBeInTheDocument();
    expect(within(searchForm()).getByRole('textbox', { name: 'Booking Id' })).toHaveValue('5');
    expect(queries.map((query) => [query.get('page'), query.get('booking_id')])).toEqual([
      ['1', '5'],
      ['2', '5'],
    ]);
  });

  it('when a link opens the list without a search, then the fields are emptied and the list asked again without it', async () => {
    storeSession(agentSession());
    const queries = stubAgentList();
    const { router } = renderApp('/dashboard/bookings?pnr=ABC');
    expect(await screen.findByText('ABC123')).toBeInTheDocument();
    expect(within(searchForm()).getByRole('textbox', { name: 'PNR' })).toHaveValue('ABC');

    await act(() => router.navigate('/dashboard/bookings'));
    await waitFor(() => expect(within(searchForm()).getByRole('textbox', { name: 'PNR' })).toHaveValue(''));
    await waitFor(() => expect(queries.at(-1)?.get('pnr')).toBeNull());
  });

  it("when a booking id that is not a number is typed, then the field says so and Search stays disabled", async () => {
    storeSession(agentSession());
    stubAgentList();
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();
    expect(await screen.findByText('ABC123')).toBeInTheDocument();

    await user.click(within(searchForm()).getByRole('combobox', { name: 'Search By' }));
    await user.click(await screen.findByRole('option', { name: 'Booking Id' }));
    await user.type(within(searchForm()).getByRole('textbox', { name: 'Booking Id' }), '12a');
    expect(within(searchForm()).getByText(BOOKING_ID_SEARCH_MESSAGE)).toBeInTheDocument();
    expect(within(searchForm()).getByRole('button', { name: 'Search' })).toBeDisabled();
  });
});
