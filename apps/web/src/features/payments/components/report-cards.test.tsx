import { notifications } from '@mantine/notifications';
import {
  allPendingPaymentsRoute,
  addPaymentRoute,
  FULLY_PENDING_PAYMENTS_TITLE,
  PARTIAL_PENDING_PAYMENTS_TITLE,
  PAYMENT_ADDED_MESSAGE,
} from '@portal/contract/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { networkError, reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildGeneralReport } from '../testing/payments-fixtures';

const card = (label: string) => within(screen.getByRole('listitem', { name: label }));

/** The table under a caption: BookingsTable puts the caption and the table in one Paper. */
const tableOf = (caption: string) => {
  const paper = screen.getByText(caption).parentElement;
  if (!paper) throw new Error(`table ${caption} expected`);
  return within(paper);
};

describe('General Report (000 §2 Payments page)', () => {
  beforeEach(() => notifications.clean());

  it('when the report loads, then the cards show PKR totals and the pending and partial bookings are listed', async () => {
    storeSession();
    stubFetch({ 'GET /api/listofallpendingpayments': reply(allPendingPaymentsRoute, 200, buildGeneralReport()) });
    renderApp('/dashboard/payments');

    expect(await screen.findByRole('heading', { name: 'General Report' })).toBeInTheDocument();
    expect(await card('Total Sale').findByText('PKR 1,250,000')).toBeInTheDocument();
    expect(card('Received Payment').getByText('PKR 420,000')).toBeInTheDocument();
    expect(card('Pending Payment').getByText('PKR 830,000')).toBeInTheDocument();

    const pending = tableOf(FULLY_PENDING_PAYMENTS_TITLE);
    expect(pending.getByRole('link', { name: 'PND111' })).toHaveAttribute('href', '/dashboard/pnr/PND111');
    expect(pending.getByText('Unpaid')).toBeInTheDocument();
    expect(pending.getByText('Agent-1042')).toBeInTheDocument();
    expect(pending.queryByText('PRT222')).not.toBeInTheDocument();

    const partial = tableOf(PARTIAL_PENDING_PAYMENTS_TITLE);
    expect(partial.getByRole('link', { name: 'PRT222' })).toBeInTheDocument();
    expect(partial.getByText('Partial')).toBeInTheDocument();
    expect(partial.getByText('Walk-in')).toBeInTheDocument();
  });

  it("when the report cannot be loaded, then every card reads 'N/A' and the tables are empty", async () => {
    storeSession();
    stubFetch({ 'GET /api/listofallpendingpayments': networkError() });
    renderApp('/dashboard/payments');

    expect(await screen.findByText('Something went wrong. Please try again later')).toBeInTheDocument();
    for (const label of ['Total Sale', 'Received Payment', 'Pending Payment']) {
      expect(card(label).getByText('N/A')).toBeInTheDocument();
    }
    expect(tableOf(FULLY_PENDING_PAYMENTS_TITLE).getByText('No bookings found')).toBeInTheDocument();
    expect(tableOf(PARTIAL_PENDING_PAYMENTS_TITLE).getByText('No bookings found')).toBeInTheDocument();
  });

  it('when a payment is added from a row menu, then the report is asked for again', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/listofallpendingpayments': reply(allPendingPaymentsRoute, 200, buildGeneralReport()),
      'POST /api/update-booking-payment': reply(addPaymentRoute, 200, { message: PAYMENT_ADDED_MESSAGE }),
    });
    renderApp('/dashboard/payments');
    const user = userEvent.setup();
    const reportCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('listofallpendingpayments'));

    await user.click(await screen.findByRole('button', { name: 'Actions for booking 11' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add Payment' }));
    const dialog = await screen.findByRole('dialog', { name: /Add Payment/ });
    await user.type(within(dialog).getByRole('textbox', { name: 'Received Amount' }), '50000');
    await user.type(within(dialog).getByRole('textbox', { name: 'Description' }), 'Bank transfer');
    await user.click(within(dialog).getByRole('button', { name: 'Add Payment' }));

    expect(await screen.findByText(PAYMENT_ADDED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(reportCalls()).toHaveLength(2));
  });
});
