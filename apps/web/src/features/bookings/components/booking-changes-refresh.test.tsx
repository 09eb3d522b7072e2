import { notifications } from '@mantine/notifications';
import {
  agentListOfBookingsRoute,
  BOOKING_CONFIRMED_MESSAGE,
  bookingDetailRoute,
  cancelBookingRoute,
  confirmBookingRoute,
  listOfBookingsRoute,
  pendingPaymentsRoute,
  TICKET_CANCELLED_MESSAGE,
  type BookingListRow,
} from '@portal/contract/booking-lifecycle';
import { addPaymentRoute, PAYMENT_ADDED_MESSAGE } from '@portal/contract/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reply, slowReply, stubFetch, type StubReply } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildBookingDetail, buildBookingRow, cancelledRow, confirmedRow } from '../testing/bookings-fixtures';

/**
 * Issue 21 §6 (decision 021): after a confirm, cancel or payment the list on screen shows the new state when the
 * toast says it is done, not 2 s later. Each list answers the old rows until the change is posted, the new ones
 * after, and those take SLOW_REFETCH_MS to arrive, as on a slow line; the row must have changed at the latest a
 * moment (one render) after the toast appears, so the toast waits for the list.
 */
const SLOW_REFETCH_MS = 600;
const AT_ONCE = { timeout: 300 };

const slowly = (answer: StubReply) => slowReply(answer, SLOW_REFETCH_MS);

const rowOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`row of ${text} expected`);
  return within(row);
};

/** A list that answers `before` until `changed()` is true, then `after`. */
function listAnswer(route: typeof listOfBookingsRoute | typeof agentListOfBookingsRoute, before: BookingListRow[], after: BookingListRow[], changed: () => boolean) {
  return () => (changed() ? slowly(reply(route, 200, buildPage(after))) : reply(route, 200, buildPage(before)));
}

describe('lists show a booking change with its toast (issue 21 §6)', () => {
  beforeEach(() => notifications.clean());

  it('when an admin confirms a Hold booking in All Bookings, then the row reads Confirmed as the toast shows', async () => {
    storeSession();
    let confirmed = false;
    const fetchMock = stubFetch({
      'GET /api/listofbookings': listAnswer(
        listOfBookingsRoute,
        [buildBookingRow()],
        [buildBookingRow({ confirmed: 1, confirm: 1, cancel_at: null })],
        () => confirmed,
      ),
      'POST /api/confirmbooking': () => {
        confirmed = true;
        return reply(confirmBookingRoute, 200, { message: BOOKING_CONFIRMED_MESSAGE });
      },
    });
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for booking 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Confirm Booking' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Booking #5 (ABC123)' }));
    expect(rowOf('ABC123').getByText('Hold')).toBeInTheDocument();

    await user.click(dialog.getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText(BOOKING_CONFIRMED_MESSAGE)).toBeInTheDocument();
    // The list was asked again before the toast, not after a delay.
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('/api/listofbookings'))).toHaveLength(2);
    await waitFor(() => expect(rowOf('ABC123').getByText('Confirmed')).toBeInTheDocument(), AT_ONCE);
    expect(rowOf('ABC123').queryByText('Hold')).not.toBeInTheDocument();
  });

  it('when an agent cancels its Hold booking, then the row reads Cancelled as the toast shows', async () => {
    storeSession(agentSession());
    let cancelled = false;
    stubFetch({
      'GET /api/agnetlistofbookings': listAnswer(
        agentListOfBookingsRoute,
        [buildBookingRow()],
        [buildBookingRow({ cancel_status: 1, cancel_at: null })],
        () => cancelled,
      ),
      'GET /api/cancelbooking/5': () => {
        cancelled = true;
        return reply(cancelBookingRoute, 200, { message: TICKET_CANCELLED_MESSAGE });
      },
    });
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for booking 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel' }));
    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));

    expect(await screen.findByText(TICKET_CANCELLED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(rowOf('ABC123').getByText('Cancelled')).toBeInTheDocument(), AT_ONCE);
  });

  it('when an admin records the last payment in the Unpaid list, then the row leaves the list as the toast shows', async () => {
    storeSession();
    let paid = false;
    const due = confirmedRow({ final_total: 280000, received_amount: 200000, remaining_amount: 80000 });
    stubFetch({
      'GET /api/pendingpayments': () =>
        paid ? slowly(reply(pendingPaymentsRoute, 200, buildPage([]))) : reply(pendingPaymentsRoute, 200, buildPage([due])),
      'POST /api/update-booking-payment': () => {
        paid = true;
        return reply(addPaymentRoute, 200, { message: PAYMENT_ADDED_MESSAGE });
      },
    });
    renderApp('/dashboard/pendingbookings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for booking 6' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add Payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Payment #6 (CNF777)' }));
    await user.type(dialog.getByRole('textbox', { name: 'Received Amount' }), '80000');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Cash at the office');
    await user.click(dialog.getByRole('button', { name: 'Add Payment' }));

    // The dialog's row is gone with the refreshed list; its toast still shows.
    expect(await screen.findByText(PAYMENT_ADDED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('CNF777')).not.toBeInTheDocument(), AT_ONCE);
  });

  it('when an admin confirms a cancelled booking on the cancelled page, then it leaves the list and the toast still shows', async () => {
    storeSession();
    let confirmed = false;
    stubFetch({
      'GET /api/listofbookings': listAnswer(listOfBookingsRoute, [cancelledRow()], [], () => confirmed),
      'POST /api/confirmbooking': () => {
        confirmed = true;
        return reply(confirmBookingRoute, 200, { message: BOOKING_CONFIRMED_MESSAGE });
      },
    });
    renderApp('/dashboard/cancelbookings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for booking 7' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Confirm Booking' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Confirm Booking #7 (CXL888)' }));
    await user.click(dialog.getByRole('checkbox', { name: 'Yes Sure!' }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Booking' }));

    expect(await screen.findByText(BOOKING_CONFIRMED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.queryByText('CXL888')).not.toBeInTheDocument(), AT_ONCE);
  });

  it('when an admin confirms from the booking page, then its status reads Confirmed as the toast shows', async () => {
    storeSession();
    let confirmed = false;
    const before = buildBookingDetail({ confirmed: 0, confirmed_at: null, cancel_at: '2031-03-10T10:30:00.000Z' });
    const after = buildBookingDetail();
    stubFetch({
      'POST /api/booking-detail': () =>
        confirmed ? slowly(reply(bookingDetailRoute, 200, after)) : reply(bookingDetailRoute, 200, before),
      'POST /api/confirmbooking': () => {
        confirmed = true;
        return reply(confirmBookingRoute, 200, { message: BOOKING_CONFIRMED_MESSAGE });
      },
    });
    renderApp('/dashboard/book/5');
    const user = userEvent.setup();
    await screen.findByRole('heading', { name: 'Booking #5' });
    await user.click(await screen.findByRole('button', { name: 'Actions for booking 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Confirm Booking' }));
    const dialog = within(await screen.findByRole('dialog', { name: /^Confirm Booking #5/ }));
    await user.click(dialog.getByRole('button', { name: 'Confirm Booking' }));

    expect(await screen.findByText(BOOKING_CONFIRMED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(screen.getAllByText('Confirmed').length).toBeGreaterThan(0), AT_ONCE);
    expect(screen.queryByText('Hold')).not.toBeInTheDocument();
  });
});
