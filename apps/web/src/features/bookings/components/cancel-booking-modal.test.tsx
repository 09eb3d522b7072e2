import { notifications } from '@mantine/notifications';
import {
  CANCELLATION_CHARGE_CONFIRMED_ONLY_MESSAGE,
  cancelBookingRoute,
  listOfBookingsRoute,
  TICKET_CANCELLED_MESSAGE,
} from '@portal/contract/booking-lifecycle';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildBookingRow, confirmedRow } from '../testing/bookings-fixtures';

const cancelUrls = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.map(([url]) => String(url)).filter((url) => url.includes('cancelbooking'));

async function openCancel(cancelAnswer = reply(cancelBookingRoute, 200, { message: TICKET_CANCELLED_MESSAGE })) {
  storeSession();
  const fetchMock = stubFetch({
    'GET /api/listofbookings': reply(listOfBookingsRoute, 200, buildPage([confirmedRow(), buildBookingRow()])),
    'GET /api/cancelbooking/6': cancelAnswer,
  });
  renderApp('/dashboard/bookings');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for booking 6' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Cancel Booking' }));
  const dialog = await screen.findByRole('dialog', { name: 'Cancel booking #6 (CNF777)' });
  return { user, dialog, fetchMock, charge: within(dialog).getByRole('textbox', { name: /Cancellation charge/ }) };
}

describe('Cancel Booking with a cancellation charge (PRODUCT §6, decision 032)', () => {
  beforeEach(() => notifications.clean());

  it('when the charge typed is above the final total, then the message shows as it is typed and nothing is sent', async () => {
    const { user, dialog, fetchMock, charge } = await openCancel();
    expect(within(dialog).getByText(CONFIRM_ACTION_TEXT)).toBeInTheDocument();
    expect(within(dialog).getByLabelText('Final Total')).toHaveValue('PKR 290,000');
    expect(charge).toHaveValue('0');

    await user.clear(charge);
    await user.type(charge, '290001');
    // No blur, no submit: the field says it at the keystroke.
    expect(await within(dialog).findByText('The cancellation charge may not be greater than 290000.')).toBeInTheDocument();
    expect(charge).toHaveAttribute('aria-invalid', 'true');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    expect(cancelUrls(fetchMock)).toEqual([]);

    await user.clear(charge);
    expect(await within(dialog).findByText('The cancellation charge field is required.')).toBeInTheDocument();
    await user.type(charge, '290000');
    await waitFor(() => expect(within(dialog).queryByText(/may not be greater than/)).not.toBeInTheDocument());
    expect(within(dialog).getByLabelText('Credited to the agent')).toHaveValue('PKR 0');
  });

  it('when a charge within the final total is sent, then cancelbooking gets it and the ticket is cancelled', async () => {
    const { user, dialog, fetchMock, charge } = await openCancel();
    await user.clear(charge);
    await user.type(charge, '50000');
    expect(charge).toHaveValue('50,000');
    expect(within(dialog).getByLabelText('Credited to the agent')).toHaveValue('PKR 240,000');

    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));
    expect(await screen.findByText(TICKET_CANCELLED_MESSAGE)).toBeInTheDocument();
    expect(cancelUrls(fetchMock)).toEqual(['/api/cancelbooking/6?cancellation_charge=50000']);
    await waitFor(() => expect(screen.queryByRole('dialog', { name: /Cancel booking #6/ })).not.toBeInTheDocument());
  });

  it("when the server answers 422 on cancellation_charge, then its message shows on the field and the dialog stays", async () => {
    const refused = reply(cancelBookingRoute, 422, {
      message: CANCELLATION_CHARGE_CONFIRMED_ONLY_MESSAGE,
      errors: { cancellation_charge: [CANCELLATION_CHARGE_CONFIRMED_ONLY_MESSAGE] },
    });
    const { user, dialog, charge } = await openCancel(refused);
    await user.clear(charge);
    await user.type(charge, '1000');
    await user.click(within(dialog).getByRole('button', { name: 'Cancel Booking' }));

    expect(await within(dialog).findByText(CANCELLATION_CHARGE_CONFIRMED_ONLY_MESSAGE)).toBeInTheDocument();
    expect(charge).toHaveAttribute('aria-invalid', 'true');
    expect(screen.queryByText(TICKET_CANCELLED_MESSAGE)).not.toBeInTheDocument();
    expect(screen.getByRole('dialog', { name: 'Cancel booking #6 (CNF777)' })).toBeInTheDocument();
  });

  it('when an admin cancels a booking on Hold, then the plain confirmation asks and no charge is sent', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/listofbookings': reply(listOfBookingsRoute, 200, buildPage([buildBookingRow()])),
      'GET /api/cancelbooking/5': reply(cancelBookingRoute, 200, { message: TICKET_CANCELLED_MESSAGE }),
    });
    renderApp('/dashboard/bookings');
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Actions for booking 5' }));
    await user.click(await screen.findByRole('menuitem', { name: 'Cancel Booking' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).queryByRole('textbox', { name: /Cancellation charge/ })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(TICKET_CANCELLED_MESSAGE)).toBeInTheDocument();
    expect(cancelUrls(fetchMock)).toEqual(['/api/cancelbooking/5']);
  });
});
