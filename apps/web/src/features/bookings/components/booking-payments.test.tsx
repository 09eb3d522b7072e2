import { notifications } from '@mantine/notifications';
import { agentBookingDetailRoute, bookingDetailRoute } from '@portal/contract/booking-lifecycle';
import {
  addPaymentRoute,
  deletePaymentRoute,
  editPaymentRoute,
  PAYMENT_ADDED_MESSAGE,
  PAYMENT_DELETED_MESSAGE,
  PAYMENT_NOT_FOUND_MESSAGE,
  PAYMENT_UPDATED_MESSAGE,
} from '@portal/contract/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { reply, stubFetch, type StubReply } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildBookingDetail } from '../testing/bookings-fixtures';

// The payment is in the past: a payment's date may not be after today.
const payment = { ...buildBookingDetail().data.payments[0]!, receive_date: '2025-03-02' };
const detail = () => buildBookingDetail({ payments: [payment] });
const PAYMENT_LABEL = 'payment of PKR 100,000 on 02 Mar 2025';

async function openDetail(routes: Record<string, StubReply> = {}) {
  storeSession();
  const fetchMock = stubFetch({ 'POST /api/booking-detail': reply(bookingDetailRoute, 200, detail()), ...routes });
  renderApp('/dashboard/book/5');
  const user = userEvent.setup();
  await screen.findByRole('heading', { name: 'Booking #5' });
  const payments = within(screen.getByRole('table', { name: 'Payments' }));
  const callsTo = (path: string) => fetchMock.mock.calls.filter(([url]) => String(url).endsWith(path));
  return { user, payments, callsTo };
}

async function deletePayment(answer: StubReply) {
  const { user, payments, callsTo } = await openDetail({ 'POST /api/delete-booking-payment': answer });
  await user.click(payments.getByRole('button', { name: `Delete ${PAYMENT_LABEL}` }));
  const confirm = within(await screen.findByRole('dialog', { name: 'Delete payment' }));
  expect(confirm.getByText(CONFIRM_ACTION_TEXT)).toBeInTheDocument();
  await user.click(confirm.getByRole('button', { name: 'Yes' }));
  return { callsTo };
}

describe('Payments of a booking (000 §2, §6, §8)', () => {
  beforeEach(() => notifications.clean());

  it('when an admin deletes a payment after confirming, then delete-booking-payment gets its id, the server message is the toast and the booking refreshes', async () => {
    const { callsTo } = await deletePayment(reply(deletePaymentRoute, 200, { message: PAYMENT_DELETED_MESSAGE }));
    expect(await screen.findByText(PAYMENT_DELETED_MESSAGE)).toBeInTheDocument();
    const body = callsTo('/api/delete-booking-payment')[0]?.[1]?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ payment_id: '3' });
    // The booking on screen was asked for again before the toast (decision 021; 000 §9 waited 2 s).
    expect(callsTo('/api/booking-detail')).toHaveLength(2);
  });

  it("when the delete fails, then the server's message is the toast", async () => {
    await deletePayment(reply(deletePaymentRoute, 404, { message: PAYMENT_NOT_FOUND_MESSAGE }));
    expect(await screen.findByText(PAYMENT_NOT_FOUND_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('when an admin edits a payment, then the form opens filled in and edit-booking-payment gets the changes', async () => {
    const { user, payments, callsTo } = await openDetail({
      'POST /api/edit-booking-payment': reply(editPaymentRoute, 200, { message: PAYMENT_UPDATED_MESSAGE }),
    });
    await user.click(payments.getByRole('button', { name: `Edit ${PAYMENT_LABEL}` }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Edit Payment (ABC123)' }));
    expect(dialog.getByLabelText('Final Total')).toHaveValue('PKR 280,000');
    expect(dialog.getByRole('button', { name: 'Receiving Date' })).toHaveTextContent('02 Mar 2025');
    const amount = dialog.getByRole('textbox', { name: 'Received Amount' });
    expect(amount).toHaveValue('100,000');
    expect(dialog.getByRole('textbox', { name: 'Description' })).toHaveValue('Cash at office');

    await user.clear(amount);
    await user.type(amount, '120000');
    await user.click(dialog.getByRole('button', { name: 'Update Payment' }));
    expect(await screen.findByText(PAYMENT_UPDATED_MESSAGE)).toBeInTheDocument();
    const body = callsTo('/api/edit-booking-payment')[0]?.[1]?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      payment_id: '3',
      receive_amount: '120000',
      receive_date: '2025-03-02',
      text: 'Cash at office',
    });
    await waitFor(() => expect(callsTo('/api/booking-detail')).toHaveLength(2));
  });

  it('when an admin adds a payment from the detail menu, then the booking is asked for again', async () => {
    const { user, callsTo } = await openDetail({
      'POST /api/update-booking-payment': reply(addPaymentRoute, 200, { message: PAYMENT_ADDED_MESSAGE }),
    });
    await user.click(screen.getByRole('button', { name: 'Actions for booking 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Add Payment' }));
    const dialog = within(await screen.findByRole('dialog', { name: 'Add Payment #5 (ABC123)' }));
    await user.type(dialog.getByRole('textbox', { name: 'Received Amount' }), '180000');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Balance cleared');
    await user.click(dialog.getByRole('button', { name: 'Add Payment' }));
    expect(await screen.findByText(PAYMENT_ADDED_MESSAGE)).toBeInTheDocument();
    await waitFor(() => expect(callsTo('/api/booking-detail')).toHaveLength(2));
  });

  it('when an agent opens its confirmed booking, then the payments have no Action column and the menu no Add Payment', async () => {
    storeSession(agentSession());
    stubFetch({ 'POST /api/agent-booking-detail': reply(agentBookingDetailRoute, 200, buildBookingDetail({ added_by: null, edit_by: null })) });
    renderApp('/dashboard/book/5');
    await screen.findByRole('heading', { name: 'Booking #5' });
    const payments = within(screen.getByRole('table', { name: 'Payments' }));
    expect(payments.getByText('Cash at office')).toBeInTheDocument();
    expect(payments.queryByRole('columnheader', { name: 'Action' })).not.toBeInTheDocument();
    expect(payments.queryByRole('button')).not.toBeInTheDocument();
    // A confirmed booking leaves an agent nothing to do but view it, and the detail page is the view.
    expect(screen.queryByRole('button', { name: 'Actions for booking 5' })).not.toBeInTheDocument();
  });
});
