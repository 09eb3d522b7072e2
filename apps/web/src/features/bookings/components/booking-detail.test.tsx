import { agentBookingDetailRoute, bookingDetailRoute } from '@portal/contract/booking-lifecycle';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildBookingDetail } from '../testing/bookings-fixtures';

const amount = (label: string) => within(screen.getByRole('listitem', { name: label }));

describe('Booking detail (000 §2, §4)', () => {
  it('when an admin opens a booking, then its flight, totals, passengers, payments, who did what and the pdf link show', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'POST /api/booking-detail': reply(bookingDetailRoute, 200, buildBookingDetail()) });
    renderApp('/dashboard/book/5');

    expect(await screen.findByRole('heading', { name: 'Booking #5' })).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({ booking_id: 5 });
    expect(screen.getByRole('link', { name: 'ABC123' })).toHaveAttribute('href', '/dashboard/pnr/ABC123');
    expect(screen.getByText('Pakistan International Airlines')).toBeInTheDocument();
    expect(screen.getByText('Confirmed')).toBeInTheDocument();

    expect(amount('Total Amount').getByText('PKR 290,000')).toBeInTheDocument();
    expect(amount('Discount').getByText('PKR 10,000')).toBeInTheDocument();
    expect(amount('Final Total').getByText('PKR 280,000')).toBeInTheDocument();
    expect(amount('Received Amount').getByText('PKR 100,000')).toBeInTheDocument();
    expect(amount('Remaining Amount').getByText('PKR 180,000')).toBeInTheDocument();

    const passengers = within(screen.getByRole('table', { name: 'Passengers' }));
    const ali = passengers.getByText('ALI KHAN').closest('tr');
    if (!ali) throw new Error('row expected');
    expect(within(ali).getByText('Mr')).toBeInTheDocument();
    expect(within(ali).getByText('Adult')).toBeInTheDocument();
    expect(within(ali).getByText('14 May 1990')).toBeInTheDocument();
    expect(within(ali).getByText('AB1234567')).toBeInTheDocument();
    expect(within(ali).getByText('01 Jan 2033')).toBeInTheDocument();
    const passport = passengers.getByRole('link', { name: 'Passport of ALI KHAN' });
    expect(passport).toHaveAttribute('href', '/api/files/31?expires=1&signature=x');
    expect(passport).toHaveAttribute('target', '_blank');
    expect(passengers.getByRole('link', { name: 'Visa of SARA KHAN' })).toHaveAttribute('target', '_blank');

    const payments = within(screen.getByRole('table', { name: 'Payments' }));
    expect(payments.getByText('Cash at office')).toBeInTheDocument();
    expect(payments.getByText('PKR 100,000')).toBeInTheDocument();
    expect(payments.getByRole('columnheader', { name: 'Added By' })).toBeInTheDocument();

    const who = (label: string) => screen.getByText(label, { selector: 'p' }).parentElement;
    expect(who('Added By')).toHaveTextContent('Bilal Travels');
    expect(who('Edited By')).toHaveTextContent('Ayesha Khan');
    expect(who('Confirmed By')).toHaveTextContent('Ayesha Khan, 02 Mar 2031, 12:00 PM');
    expect(who('Cancelled By')).toHaveTextContent('N/A');
    const pdf = screen.getByRole('link', { name: 'Download pdf' });
    expect(pdf).toHaveAttribute('href', '/api/booking-pdf/5?download=1&expires=1&signature=d');
    expect(pdf).toHaveAttribute('target', '_blank');
  });

  it('when an agent opens its booking on Hold, then agent-booking-detail is asked, no names of staff show, and the menu has Edit and Cancel', async () => {
    storeSession(agentSession());
    const detail = buildBookingDetail({
      confirmed: 0,
      confirmed_at: null,
      cancel_at: '2031-03-10T10:30:00.000Z',
      added_by: null,
      edit_by: null,
      confirmed_by: null,
      discount: 0,
      final_total: 290000,
      received_amount: 0,
      remaining_amount: 290000,
      payment_status: 0,
      payments: [],
    });
    stubFetch({ 'POST /api/agent-booking-detail': reply(agentBookingDetailRoute, 200, detail) });
    renderApp('/dashboard/book/5');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Booking #5' })).toBeInTheDocument();
    expect(screen.getByText('Hold')).toBeInTheDocument();
    expect(screen.getAllByText('Ex. 10 Mar 2031 at 03:30 PM').length).toBeGreaterThan(0);
    expect(screen.queryByRole('link', { name: 'ABC123' })).not.toBeInTheDocument();
    expect(screen.queryByText('Added By')).not.toBeInTheDocument();
    expect(screen.getByText('No Data Found')).toBeInTheDocument();

    await user.click(screen.getByRole('button', { name: 'Actions for booking 5' }));
    const items = within(await screen.findByRole('menu')).getAllByRole('menuitem').map((item) => item.textContent);
    expect(items).toEqual(['Edit', 'Cancel']);
  });

  it('when every passenger has a ticket number, then the agent sees Ticketed and each number; agents get no Ticket numbers link', async () => {
    storeSession(agentSession());
    const detail = buildBookingDetail({ ticketed: 1 });
    detail.data.booking_sub = detail.data.booking_sub.map((passenger, index) => ({ ...passenger, ticket_no: `157240000000${index + 1}` }));
    stubFetch({ 'POST /api/agent-booking-detail': reply(agentBookingDetailRoute, 200, detail) });
    renderApp('/dashboard/book/5');
    expect(await screen.findByRole('heading', { name: 'Booking #5' })).toBeInTheDocument();
    expect(screen.getByText('Ticketed')).toBeInTheDocument();
    expect(screen.queryByText('Confirmed')).not.toBeInTheDocument();
    const passengers = within(screen.getByRole('table', { name: 'Passengers' }));
    expect(passengers.getByRole('columnheader', { name: 'Ticket No' })).toBeInTheDocument();
    expect(passengers.getByText('1572400000001')).toBeInTheDocument();
    expect(passengers.getByText('1572400000002')).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Ticket numbers' })).not.toBeInTheDocument();
  });

  it("when an admin opens a confirmed booking, then 'Ticket numbers' leads to the group's passenger list at this booking", async () => {
    storeSession();
    stubFetch({ 'POST /api/booking-detail': reply(bookingDetailRoute, 200, buildBookingDetail()) });
    renderApp('/dashboard/book/5');
    expect(await screen.findByRole('link', { name: 'Ticket numbers' })).toHaveAttribute('href', '/dashboard/pnr/ABC123/tickets?booking=5');
    expect(within(screen.getByRole('table', { name: 'Passengers' })).getAllByText('N/A').length).toBeGreaterThan(0);
  });

  it.each([
    ['an admin', 'POST /api/booking-detail', bookingDetailRoute, undefined],
    ['its agent', 'POST /api/agent-booking-detail', agentBookingDetailRoute, agentSession()],
  ] as const)(
    'when %s opens a booking confirmed by an override and cancelled with a charge, then the charge and the override show with the money',
    async (_who, call, route, session) => {
      storeSession(session);
      const detail = buildBookingDetail({ cancel_status: 1, cancelled_at: '2031-03-05T07:00:00.000Z', cancellation_charge: 25000, credit_override: 1 });
      stubFetch({ [call]: reply(route, 200, detail) });
      renderApp('/dashboard/book/5');

      expect(await screen.findByRole('heading', { name: 'Booking #5' })).toBeInTheDocument();
      expect(screen.getByText('Cancelled')).toBeInTheDocument();
      const totals = within(screen.getByRole('list', { name: 'Booking totals' }));
      expect(totals.getByRole('listitem', { name: 'Cancellation Charge' })).toHaveTextContent('PKR 25,000');
      expect(amount('Final Total').getByText('PKR 280,000')).toBeInTheDocument();
      expect(screen.getByRole('note', { name: 'Credit limit override' })).toHaveTextContent(
        "Credit overrideAn admin booked or confirmed this past the agent's credit limit.",
      );
    },
  );

  it('when a booking has no charge and needed no override, then neither shows', async () => {
    storeSession();
    stubFetch({ 'POST /api/booking-detail': reply(bookingDetailRoute, 200, buildBookingDetail()) });
    renderApp('/dashboard/book/5');
    expect(await screen.findByRole('heading', { name: 'Booking #5' })).toBeInTheDocument();
    expect(within(screen.getByRole('list', { name: 'Booking totals' })).getAllByRole('listitem').map((item) => item.getAttribute('aria-label'))).toEqual([
      'Total Amount',
      'Discount',
      'Final Total',
      'Received Amount',
      'Remaining Amount',
    ]);
    expect(screen.queryByRole('note', { name: 'Credit limit override' })).not.toBeInTheDocument();
  });

  it("when the booking is someone else's, then the server's message shows", async () => {
    storeSession(agentSession());
    stubFetch({ 'POST /api/agent-booking-detail': reply(agentBookingDetailRoute, 404, { message: 'Booking not found.' }) });
    renderApp('/dashboard/book/99');
    expect(await screen.findByText('Booking not found.')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Back to All Bookings/ })).toHaveAttribute('href', '/dashboard/bookings');
  });
});
