import { notifications } from '@mantine/notifications';
import {
  BOOKING_CONFIRMED_MESSAGE,
  CONFIRM_CANCELLED_BOOKING_MESSAGE,
  confirmBookingRoute,
  listOfBookingsRoute,
} from '@portal/contract/booking-lifecycle';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { DISCARD_TITLE } from '@/lib/discard-guard';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildBookingRow, cancelledRow } from '../testing/bookings-fixtures';

async function openConfirm(rows = [buildBookingRow()], id = 5) {
  storeSession();
  const fetchMock = stubFetch({
    'GET /api/listofbookings': reply(listOfBookingsRoute, 200, buildPage(rows)),
    'POST /api/confirmbooking': reply(confirmBookingRoute, 200, { message: BOOKING_CONFIRMED_MESSAGE }),
  });
  renderApp('/dashboard/bookings');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: `Actions for booking ${id}` }));
  await user.click(await screen.findByRole('menuitem', { name: 'Confirm Booking' }));
  const dialog = await screen.findByRole('dialog', { name: /Confirm Booking/ });
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { user, dialog, posts };
}

describe('Confirm Booking dialog (000 §4-§5)', () => {
  beforeEach(() => notifications.clean());

  it('when a Hold booking is confirmed with a discount and a payment, then the totals follow and confirmbooking gets them', async () => {
    const { user, dialog, posts } = await openConfirm();
    expect(within(dialog).getByLabelText('Total Amount')).toHaveValue('PKR 290,000');
    expect(within(dialog).getByLabelText('Total Amount')).toHaveAttribute('readonly');
    expect(within(dialog).queryByText(CONFIRM_CANCELLED_BOOKING_MESSAGE)).not.toBeInTheDocument();

    const discount = within(dialog).getByRole('textbox', { name: 'Discount' });
    await user.clear(discount);
    await user.type(discount, '10000');
    const receive = within(dialog).getByRole('textbox', { name: 'Receive Payment' });
    await user.clear(receive);
    await user.type(receive, '50000');
    expect(within(dialog).getByLabelText('Final Total')).toHaveValue('PKR 280,000');
    expect(within(dialog).getByLabelText('Remaining Amount')).toHaveValue('PKR 230,000');

    await user.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    expect(await screen.findByText(BOOKING_CONFIRMED_MESSAGE)).toBeInTheDocument();
    const body = posts()[0]?.[1]?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ booking_id: '5', discount: '10000', receive_payment: '50000', sure: '0' });
  });

  it('when a payment has been typed and Esc is pressed, then it asks before discarding it (issue 21 §2)', async () => {
    const { user, dialog } = await openConfirm();
    await user.type(within(dialog).getByRole('textbox', { name: 'Receive Payment' }), '5000');
    await user.keyboard('{Escape}');
    const ask = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await user.click(within(ask).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Confirm Booking/ })).not.toBeInTheDocument());
  });

  it('when a discount over the total is typed and the field is left, then its rule shows at once, before Confirm, and goes when corrected', async () => {
    const { user, dialog, posts } = await openConfirm();
    const discount = within(dialog).getByRole('textbox', { name: 'Discount' });
    await user.clear(discount);
    await user.type(discount, '300000');
    await user.tab();
    expect(await within(dialog).findByText('The discount may not be greater than 290000.')).toBeInTheDocument();
    await user.clear(discount);
    await user.type(discount, '1000');
    await waitFor(() => expect(within(dialog).queryByText('The discount may not be greater than 290000.')).not.toBeInTheDocument());
    expect(posts()).toHaveLength(0);
  });

  it('when the discount is emptied, then it is required and nothing is sent', async () => {
    const { user, dialog, posts } = await openConfirm();
    await user.clear(within(dialog).getByRole('textbox', { name: 'Discount' }));
    await user.click(within(dialog).getByRole('button', { name: 'Confirm Booking' }));
    expect(await within(dialog).findByText('The discount field is required.')).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });

  it("when the booking is cancelled, then the warning shows and only a ticked 'Yes Sure!' lets it be confirmed, with sure=1", async () => {
    const { user, dialog, posts } = await openConfirm([cancelledRow()], 7);
    expect(within(dialog).getByText(CONFIRM_CANCELLED_BOOKING_MESSAGE)).toBeInTheDocument();
    const confirm = within(dialog).getByRole('button', { name: 'Confirm Booking' });
    expect(confirm).toBeDisabled();
    await user.click(confirm);
    expect(posts()).toHaveLength(0);

    await user.click(within(dialog).getByRole('checkbox', { name: 'Yes Sure!' }));
    expect(confirm).toBeEnabled();
    await user.click(confirm);
    expect(await screen.findByText(BOOKING_CONFIRMED_MESSAGE)).toBeInTheDocument();
    const body = posts()[0]?.[1]?.body as FormData;
    expect(body.get('booking_id')).toBe('7');
    expect(body.get('sure')).toBe('1');
  });
});
