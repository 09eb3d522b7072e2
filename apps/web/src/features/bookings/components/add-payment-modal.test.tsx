import { notifications } from '@mantine/notifications';
import { listOfBookingsRoute } from '@portal/contract/booking-lifecycle';
import {
  addPaymentRoute,
  PAYMENT_ADDED_MESSAGE,
  PAYMENT_CONFIRMED_ONLY_MESSAGE,
  PAYMENT_FUTURE_DATE_MESSAGE,
} from '@portal/contract/payments';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { dayjs, todayInKarachi } from '@/lib/format';
import { reply, stubFetch, type StubReply } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildBookingRow, confirmedRow } from '../testing/bookings-fixtures';
import { buildPaymentSchema } from './payment-form';

const paid = confirmedRow({ final_total: 280000, discount: 10000, received_amount: 100000, remaining_amount: 180000 });

async function openAddPayment(answer: StubReply = reply(addPaymentRoute, 200, { message: PAYMENT_ADDED_MESSAGE })) {
  storeSession();
  const fetchMock = stubFetch({
    'GET /api/listofbookings': reply(listOfBookingsRoute, 200, buildPage([buildBookingRow(), paid])),
    'POST /api/update-booking-payment': answer,
  });
  renderApp('/dashboard/bookings');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for booking 6' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Add Payment' }));
  const dialog = within(await screen.findByRole('dialog', { name: 'Add Payment #6 (CNF777)' }));
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  const listCalls = () => fetchMock.mock.calls.filter(([url]) => String(url).includes('listofbookings'));
  return { user, dialog, posts, listCalls, fetchMock };
}

describe('Add Payment dialog (000 §4-§6)', () => {
  beforeEach(() => notifications.clean());

  it("when it opens, then the booking's totals are read-only and the date is today in Karachi", async () => {
    const { dialog } = await openAddPayment();
    expect(dialog.getByLabelText('Final Total')).toHaveValue('PKR 280,000');
    expect(dialog.getByLabelText('Final Total')).toHaveAttribute('readonly');
    expect(dialog.getByLabelText('Total Received')).toHaveValue('PKR 100,000');
    expect(dialog.getByLabelText('Remaining Amount')).toHaveValue('PKR 180,000');
    expect(dialog.getByRole('button', { name: 'Receiving Date' })).toHaveTextContent(dayjs(todayInKarachi()).format('DD MMM YYYY'));
  });

  it('when the amount and description are left empty, then both are required and nothing is sent', async () => {
    const { user, dialog, posts } = await openAddPayment();
    await user.click(dialog.getByRole('button', { name: 'Add Payment' }));
    expect(await dialog.findByText('The receive amount field is required.')).toBeInTheDocument();
    expect(dialog.getByText('The text field is required.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it('when the form is filled in, then update-booking-payment gets the booking, amount, date and description and the list refreshes', async () => {
    const { user, dialog, posts, listCalls } = await openAddPayment();
    const firstOfMonth = dayjs(todayInKarachi()).startOf('month');
    await user.type(dialog.getByRole('textbox', { name: 'Received Amount' }), '50000');
    await user.click(dialog.getByRole('button', { name: 'Receiving Date' }));
    await user.click(await screen.findByRole('button', { name: firstOfMonth.format('D MMMM YYYY') }));
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), '  Bank transfer HBL  ');
    await user.click(dialog.getByRole('button', { name: 'Add Payment' }));

    expect(await screen.findByText(PAYMENT_ADDED_MESSAGE)).toBeInTheDocument();
    const body = posts()[0]?.[1]?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({
      booking_id: '6',
      receive_amount: '50000',
      receive_date: firstOfMonth.format('YYYY-MM-DD'),
      text: 'Bank transfer HBL',
    });
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    await waitFor(() => expect(listCalls()).toHaveLength(2));
  });

  it('when the server refuses a field, then its message shows under that field', async () => {
    const { user, dialog } = await openAddPayment(
      reply(addPaymentRoute, 422, { message: PAYMENT_FUTURE_DATE_MESSAGE, errors: { receive_date: [PAYMENT_FUTURE_DATE_MESSAGE] } }),
    );
    await user.type(dialog.getByRole('textbox', { name: 'Received Amount' }), '50000');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Cash');
    await user.click(dialog.getByRole('button', { name: 'Add Payment' }));
    expect(await dialog.findByText(PAYMENT_FUTURE_DATE_MESSAGE)).toBeInTheDocument();
    expect(screen.getByRole('dialog')).toBeInTheDocument();
  });

  it('when the server refuses the booking, then its message is an error toast', async () => {
    const { user, dialog } = await openAddPayment(reply(addPaymentRoute, 409, { message: PAYMENT_CONFIRMED_ONLY_MESSAGE }));
    await user.type(dialog.getByRole('textbox', { name: 'Received Amount' }), '50000');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Cash');
    await user.click(dialog.getByRole('button', { name: 'Add Payment' }));
    expect(await screen.findByText(PAYMENT_CONFIRMED_ONLY_MESSAGE)).toBeInTheDocument();
    expect(screen.getByText('Error')).toBeInTheDocument();
  });

  it('when the payment is being sent, then the submit button is disabled so a double click sends it once', async () => {
    const { user, dialog, posts, fetchMock } = await openAddPayment();
    const send = fetchMock.getMockImplementation();
    let release: () => void = () => undefined;
    const gate = new Promise<void>((resolve) => {
      release = resolve;
    });
    fetchMock.mockImplementation(async (input, init) => {
      if (init?.method === 'POST') await gate;
      return send!(input, init);
    });
    await user.type(dialog.getByRole('textbox', { name: 'Received Amount' }), '50000');
    await user.type(dialog.getByRole('textbox', { name: 'Description' }), 'Cash');
    const submit = dialog.getByRole('button', { name: 'Add Payment' });
    await user.click(submit);
    await waitFor(() => expect(submit).toBeDisabled());
    await user.dblClick(submit);
    release();
    expect(await screen.findByText(PAYMENT_ADDED_MESSAGE)).toBeInTheDocument();
    expect(posts()).toHaveLength(1);
  });

  it('when the date is after today in Karachi, then it is refused with the server message', () => {
    const schema = buildPaymentSchema('2031-03-10');
    const values = { receive_amount: 1000, text: 'Cash' };
    expect(schema.safeParse({ ...values, receive_date: '2031-03-10' }).success).toBe(true);
    const future = schema.safeParse({ ...values, receive_date: '2031-03-11' });
    expect(future.error?.issues[0]?.message).toBe(PAYMENT_FUTURE_DATE_MESSAGE);
    expect(schema.safeParse({ ...values, receive_amount: 0, receive_date: '2031-03-01' }).error?.issues[0]?.message).toBe(
      'The receive amount must be at least 1.',
    );
  });
});
