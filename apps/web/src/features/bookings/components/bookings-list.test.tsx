import {
  agentListOfBookingsRoute,
  cancelBookingRoute,
  listOfBookingsRoute,
  TICKET_CANCELLED_MESSAGE,
} from '@portal/contract/booking-lifecycle';
import { notifications } from '@mantine/notifications';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildBookingRow, cancelledRow, confirmedRow } from '../testing/bookings-fixtures';

const headings = () => screen.getAllByRole('columnheader').map((cell) => cell.textContent);

async function menuItemsOf(user: ReturnType<typeof userEvent.setup>, id: number) {
  await user.click(await screen.findByRole('button', { name: `Actions for booking ${id}` }));
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return items;
}

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`row of ${text} expected`);
  return row;
};

describe('All Bookings (000 §2, §4, §6)', () => {
  // Toasts live in a module-wide store: start every test without the last one's.
  beforeEach(() => notifications.clean());

  it('when an admin opens it, then the admin columns, PNR links, badges and the menu items by state show', async () => {
    storeSession();
    stubFetch({
      'GET /api/listofbookings': reply(listOfBookingsRoute, 200, buildPage([buildBookingRow(), confirmedRow(), cancelledRow()])),
    });
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();

    expect(await screen.findByText('ABC123')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Bookings' })).toBeInTheDocument();
    expect(headings()).toEqual([
      'Id', 'PNR', 'Airline', 'Sector', 'Date', 'Pay. Status', 'Pse. Name', 'Agent', 'Booking Date', 'Status', 'Action',
    ]);
    expect(screen.getByRole('link', { name: 'ABC123' })).toHaveAttribute('href', '/dashboard/pnr/ABC123');

    const hold = rowOf('ABC123');
    expect(within(hold).getByText('Hold')).toBeInTheDocument();
    // cancel_at 10:30 UTC is 03:30 PM in Karachi.
    expect(within(hold).getByText('Ex. 10 Mar 2031 at 03:30 PM')).toBeInTheDocument();
    expect(within(hold).getByText('Unpaid')).toBeInTheDocument();
    expect(within(hold).getByText('Mr ALI KHAN')).toBeInTheDocument();
    expect(within(hold).getByText('Agent-1042')).toBeInTheDocument();
    expect(within(rowOf('CNF777')).getByText('Confirmed')).toBeInTheDocument();
    expect(within(rowOf('CNF777')).getByText('Partial')).toBeInTheDocument();
    expect(within(rowOf('CXL888')).getByText('Cancelled')).toBeInTheDocument();

    expect(await menuItemsOf(user, 5)).toEqual(['View', 'Edit Booking', 'Extend H.Time', 'Cancel Booking', 'Confirm Booking']);
    expect(await menuItemsOf(user, 6)).toEqual(['View', 'Edit Booking', 'Cancel Booking', 'Add Payment']);
    expect(await menuItemsOf(user, 7)).toEqual(['View', 'Edit Booking', 'Confirm Booking']);
  });

  it('when an agent opens it, then its own list shows without the admin columns or links, with its own search; Edit and Cancel only on Hold', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({
      'GET /api/agnetlistofbookings': reply(agentListOfBookingsRoute, 200, buildPage([buildBookingRow(), confirmedRow(), cancelledRow()])),
    });
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();

    expect(await screen.findByText('ABC123')).toBeInTheDocument();
    expect(headings()).toEqual(['Id', 'PNR', 'Airline', 'Sector', 'Date', 'Pse. Name', 'Booking Date', 'Status', 'Action']);
    expect(screen.queryByRole('link', { name: 'ABC123' })).not.toBeInTheDocument();
    expect(within(screen.getByRole('table')).queryByText('Unpaid')).not.toBeInTheDocument();
    expect(fetchMock.mock.calls.map(([url]) => new URL(String(url), 'http://localhost').pathname)).not.toContain('/api/listofbookings');

    expect(await menuItemsOf(user, 5)).toEqual(['View', 'Edit', 'Cancel']);
    expect(await menuItemsOf(user, 6)).toEqual(['View']);
    expect(await menuItemsOf(user, 7)).toEqual(['View']);

    // Issue 21 §7: agents search their own bookings, by everything but an agent's name.
    const search = screen.getByRole('search', { name: 'Search bookings' });
    await user.click(within(search).getByRole('combobox', { name: 'Search By' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['PNR', 'Booking Date', 'Passenger Name', 'Booking Id']);
  });

  it('when a confirmed booking has every ticket number, then its row reads Ticketed instead of Confirmed (PRODUCT §6)', async () => {
    storeSession(agentSession());
    stubFetch({
      'GET /api/agnetlistofbookings': reply(agentListOfBookingsRoute, 200, buildPage([confirmedRow({ ticketed: 1 }), confirmedRow({ id: 8, pnr: 'CNF888' })])),
    });
    renderApp('/dashboard/bookings');
    const ticketed = (await screen.findByText('CNF777')).closest('tr');
    const confirmed = screen.getByText('CNF888').closest('tr');
    if (!ticketed || !confirmed) throw new Error('rows expected');
    expect(within(ticketed).getByText('Ticketed')).toBeInTheDocument();
    expect(within(ticketed).queryByText('Confirmed')).not.toBeInTheDocument();
    expect(within(confirmed).getByText('Confirmed')).toBeInTheDocument();
  });

  it("when there are no bookings, then 'No bookings found' shows", async () => {
    storeSession();
    stubFetch({ 'GET /api/listofbookings': reply(listOfBookingsRoute, 200, buildPage([])) });
    renderApp('/dashboard/bookings');
    expect(await screen.findByText('No bookings found')).toBeInTheDocument();
    expect(screen.getByTestId('pager-count')).toHaveTextContent('0 of 0');
  });

  it('when Next loads page 2, then its rows append; Previous drops them again', async () => {
    storeSession(agentSession());
    const pages: string[] = [];
    stubFetch({
      'GET /api/agnetlistofbookings': ({ url }) => {
        const page = new URL(url, 'http://localhost').searchParams.get('page') ?? '';
        pages.push(page);
        return page === '2'
          ? reply(agentListOfBookingsRoute, 200, buildPage([cancelledRow()], { page: 2, total: 3, perPage: 2 }))
          : reply(agentListOfBookingsRoute, 200, buildPage([buildBookingRow(), confirmedRow()], { total: 3, perPage: 2, hasNext: true }));
      },
    });
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();

    expect(await screen.findByText('CNF777')).toBeInTheDocument();
    expect(screen.getByTestId('pager-count')).toHaveTextContent('2 of 3');
    expect(screen.getByText('Per Page: 2')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('CXL888')).toBeInTheDocument();
    expect(screen.getByText('ABC123')).toBeInTheDocument();
    expect(screen.getByTestId('pager-count')).toHaveTextContent('3 of 3');
    expect(screen.getByRole('button', { name: 'Next' })).toBeDisabled();

    await user.click(screen.getByRole('button', { name: 'Previous' }));
    expect(screen.queryByText('CXL888')).not.toBeInTheDocument();
    expect(screen.getByTestId('pager-count')).toHaveTextContent('2 of 3');
    expect(pages).toEqual(['1', '2']);
  });

  it('when an admin searches by Agent Name, then the list reloads from page 1 with agent_name; Clear removes it', async () => {
    storeSession();
    const queries: URLSearchParams[] = [];
    stubFetch({
      'GET /api/listofbookings': ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        queries.push(query);
        return reply(listOfBookingsRoute, 200, buildPage(query.get('agent_name') ? [confirmedRow()] : [buildBookingRow()]));
      },
    });
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();
    expect(await screen.findByText('ABC123')).toBeInTheDocument();

    const search = screen.getByRole('search', { name: 'Search bookings' });
    await user.click(within(search).getByRole('combobox', { name: 'Search By' }));
    await user.click(await screen.findByRole('option', { name: 'Agent Name' }));
    await user.type(within(search).getByRole('textbox', { name: 'Agent Name' }), 'Bilal');
    await user.click(within(search).getByRole('button', { name: 'Search' }));

    expect(await screen.findByText('CNF777')).toBeInTheDocument();
    const searched = queries.at(-1);
    expect(searched?.get('agent_name')).toBe('Bilal');
    expect(searched?.get('page')).toBe('1');

    await user.click(within(search).getByRole('button', { name: 'Clear' }));
    expect(await screen.findByText('ABC123')).toBeInTheDocument();
    expect(queries.at(-1)?.get('agent_name')).toBeNull();
  });

  it('when the cancelled bookings page opens, then it asks for status=cancelled', async () => {
    storeSession();
    const queries: URLSearchParams[] = [];
    stubFetch({
      'GET /api/listofbookings': ({ url }) => {
        queries.push(new URL(url, 'http://localhost').searchParams);
        return reply(listOfBookingsRoute, 200, buildPage([cancelledRow()]));
      },
    });
    renderApp('/dashboard/cancelbookings');
    expect(await screen.findByText('CXL888')).toBeInTheDocument();
    expect(queries[0]?.get('status')).toBe('cancelled');
  });

  it("when an agent cancels a Hold booking, then the confirmation shows first, then 'Ticket cancelled successfully!'", async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({
      'GET /api/agnetlistofbookings': reply(agentListOfBookingsRoute, 200, buildPage([buildBookingRow()])),
      'GET /api/cancelbooking/5': reply(cancelBookingRoute, 200, { message: TICKET_CANCELLED_MESSAGE }),
    });
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions for booking 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CONFIRM_ACTION_TEXT)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url).includes('cancelbooking'))).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(TICKET_CANCELLED_MESSAGE)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([url]) => String(url) === '/api/cancelbooking/5')).toBe(true);
  });

  it('when the server refuses the cancel, then its message shows', async () => {
    storeSession();
    stubFetch({
      'GET /api/listofbookings': reply(listOfBookingsRoute, 200, buildPage([confirmedRow()])),
      'GET /api/cancelbooking/6': reply(cancelBookingRoute, 409, { message: 'This booking is already cancelled.' }),
    });
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();

    await user.click(await screen.findByRole('button', { name: 'Actions for booking 6' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel Booking' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText('This booking is already cancelled.')).toBeInTheDocument();
    expect(screen.queryByText(TICKET_CANCELLED_MESSAGE)).not.toBeInTheDocument();
  });
});
