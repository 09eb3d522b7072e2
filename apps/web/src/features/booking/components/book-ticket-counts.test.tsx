import {
  checkAvailabilityRoute,
  INFANTS_OVER_ADULTS_MESSAGE,
  MAX_ADULTS_MESSAGE,
  SEATS_UNAVAILABLE_MESSAGE,
} from '@portal/contract/bookings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderBookButton } from '../testing/booking-fixtures';

const available = (total = 145000) =>
  reply(checkAvailabilityRoute, 200, {
    data: { status: true, remaining: 31, price: 145000, infant_price: 35000, total_amount: total, updated_at: '2031-01-01T10:00:00.000Z' },
  });

async function openDialog() {
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Book' }));
  const dialog = await screen.findByRole('dialog');
  return { user, dialog };
}

async function setCount(user: ReturnType<typeof userEvent.setup>, dialog: HTMLElement, label: string, value: string) {
  const field = within(dialog).getByLabelText(label);
  await user.clear(field);
  if (value) await user.type(field, value);
}

describe('Book Ticket dialog: counts and Start Booking (000 §4-§5)', () => {
  it('when 6 adults are entered, then the seed message shows and Start Booking is disabled', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({});
    renderBookButton();
    const { user, dialog } = await openDialog();
    expect(within(dialog).getByRole('button', { name: 'Start Booking' })).toBeEnabled();

    await setCount(user, dialog, 'Adults', '6');
    expect(within(dialog).getByText(MAX_ADULTS_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Start Booking' })).toBeDisabled();

    await setCount(user, dialog, 'Adults', '5');
    expect(within(dialog).queryByText(MAX_ADULTS_MESSAGE)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Start Booking' })).toBeEnabled();
  });

  it('when infants outnumber adults, then "Infant can not more than adult." shows; an empty count is 0', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({});
    renderBookButton();
    const { user, dialog } = await openDialog();

    await setCount(user, dialog, 'Adults', '2');
    await setCount(user, dialog, 'Infants', '3');
    expect(within(dialog).getByText(INFANTS_OVER_ADULTS_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Start Booking' })).toBeDisabled();

    await setCount(user, dialog, 'Infants', '2');
    expect(within(dialog).queryByText(INFANTS_OVER_ADULTS_MESSAGE)).not.toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Start Booking' })).toBeEnabled();

    // Emptied adults count as 0: no adult, so the infants are too many and nothing can start.
    await setCount(user, dialog, 'Adults', '');
    expect(within(dialog).getByText(INFANTS_OVER_ADULTS_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Start Booking' })).toBeDisabled();
  });

  it('when Start Booking succeeds, then one form per passenger shows with the titles of its type', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    const fetchMock = stubFetch({ 'POST /api/check-availbility': available(325000) });
    renderBookButton();
    const { user, dialog } = await openDialog();
    await setCount(user, dialog, 'Adults', '2');
    await setCount(user, dialog, 'Children', '1');
    await setCount(user, dialog, 'Infants', '1');
    await user.click(within(dialog).getByRole('button', { name: 'Start Booking' }));

    expect(await within(dialog).findByRole('group', { name: 'Adult 1' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Adult 2' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Child 1' })).toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Infant 1' })).toBeInTheDocument();
    expect(within(dialog).getByText('PKR 325,000')).toBeInTheDocument();
    expect(JSON.parse(String(fetchMock.mock.calls[0]?.[1]?.body))).toEqual({
      adult: 2,
      child: 1,
      infant: 1,
      pnr: 'ABC123',
      price: 145000,
    });

    await user.click(within(within(dialog).getByRole('group', { name: 'Child 1' })).getByRole('combobox', { name: 'Title' }));
    const options = screen.getAllByRole('option').map((option) => option.textContent);
    expect(options).toEqual(['Mstr', 'Miss']);
  });

  it('when the counts change after Start Booking, then the passenger forms go away until a new check', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    const fetchMock = stubFetch({ 'POST /api/check-availbility': available() });
    renderBookButton();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Start Booking' }));
    const adult = await within(dialog).findByRole('group', { name: 'Adult 1' });
    await user.type(within(adult).getByLabelText(/First Name/), 'Ali');

    await setCount(user, dialog, 'Adults', '2');
    expect(within(dialog).queryByRole('group', { name: 'Adult 1' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Start Booking' }));
    const fresh = await within(dialog).findByRole('group', { name: 'Adult 1' });
    expect(within(fresh).getByLabelText(/First Name/)).toHaveValue('');
    expect(within(dialog).getByRole('group', { name: 'Adult 2' })).toBeInTheDocument();
    expect(fetchMock).toHaveBeenCalledTimes(2);
  });

  it("when the seats are gone, then 'Sorry! Please Refresh page and try again.' shows with a Refresh button that reloads", async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({
      'POST /api/check-availbility': reply(checkAvailabilityRoute, 200, {
        data: { status: false, remaining: 0, price: 145000, infant_price: 35000, total_amount: 145000, updated_at: null },
      }),
    });
    const reload = vi.fn();
    vi.spyOn(window, 'location', 'get').mockReturnValue({ ...window.location, reload });
    renderBookButton();
    const { user, dialog } = await openDialog();
    await user.click(within(dialog).getByRole('button', { name: 'Start Booking' }));

    expect(await within(dialog).findByText(SEATS_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).queryByRole('group', { name: 'Adult 1' })).not.toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Refresh' }));
    expect(reload).toHaveBeenCalledTimes(1);
  });

  it("when remaining is 0, then the button reads 'Sold out' and is disabled", () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({});
    renderBookButton({ remaining: 0 });
    expect(screen.getByRole('button', { name: 'Sold out' })).toBeDisabled();
  });
});
