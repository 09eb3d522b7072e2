import { checkAvailabilityRoute } from '@portal/contract/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { DISCARD_TITLE } from '@/lib/discard-guard';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderBookButton } from '../testing/booking-fixtures';

const available = reply(checkAvailabilityRoute, 200, {
  data: { status: true, remaining: 31, price: 145000, infant_price: 35000, total_amount: 145000, updated_at: '2031-01-02T08:00:00.000Z' },
});

async function openAndStart() {
  storeSession(buildSession({ role: 'user', agent_id: 3, user_id: 12 }));
  stubFetch({ 'POST /api/check-availbility': available });
  renderBookButton();
  const user = userEvent.setup();
  await user.click(screen.getByRole('button', { name: 'Book' }));
  const dialog = await screen.findByRole('dialog', { name: 'Book Ticket' });
  await user.click(within(dialog).getByRole('button', { name: 'Start Booking' }));
  await within(dialog).findByRole('group', { name: 'Adult 1' });
  return { user, dialog };
}

describe('Book Ticket dialog: typed passengers are not lost (issue 21 §2)', () => {
  it('when a passenger has been typed and Esc is pressed, then it asks first and Keep editing keeps the dialog and the name', async () => {
    const { user, dialog } = await openAndStart();
    const first = within(dialog).getByLabelText(/First Name/);
    await user.type(first, 'ayesha');
    await user.keyboard('{Escape}');

    const ask = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await user.click(within(ask).getByRole('button', { name: 'Keep editing' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).not.toBeInTheDocument());
    expect(screen.getByRole('dialog', { name: 'Book Ticket' })).toBeInTheDocument();
    expect(within(screen.getByRole('dialog', { name: 'Book Ticket' })).getByLabelText(/First Name/)).toHaveValue('ayesha');
  });

  it('when a passenger has been typed and the close button is pressed, then Discard closes the dialog', async () => {
    const { user, dialog } = await openAndStart();
    await user.type(within(dialog).getByLabelText(/Passport Number/), 'AB1234567');
    await user.click(dialog.querySelector<HTMLButtonElement>('.mantine-Modal-close')!);

    const ask = await screen.findByRole('dialog', { name: DISCARD_TITLE });
    await user.click(within(ask).getByRole('button', { name: 'Discard' }));
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book Ticket' })).not.toBeInTheDocument());
  });

  it('when nothing has been typed, then Esc closes at once without asking', async () => {
    const { user } = await openAndStart();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book Ticket' })).not.toBeInTheDocument());
    expect(screen.queryByRole('dialog', { name: DISCARD_TITLE })).not.toBeInTheDocument();
  });
});

describe('Book Ticket dialog: keyboard focus (issue 21 §12)', () => {
  it('when the first dialog after a page load opens, then focus starts on Adults, moves to the first passenger after Start Booking and returns to Book on close', async () => {
    const { user, dialog } = await openAndStart();
    expect(within(dialog).getByRole('group', { name: 'Adult 1' })).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Book Ticket' })).not.toBeInTheDocument());
    await waitFor(() => expect(screen.getByRole('button', { name: 'Book' })).toHaveFocus());
  });

  it('when the dialog opens, then the first focused field is Adults, not the close button', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3, user_id: 12 }));
    stubFetch({ 'POST /api/check-availbility': available });
    renderBookButton();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Book' }));
    const dialog = await screen.findByRole('dialog', { name: 'Book Ticket' });
    await waitFor(() => expect(within(dialog).getByRole('textbox', { name: 'Adults' })).toHaveFocus());
  });
});

describe('Book Ticket dialog on a touch screen (issue 21 §1)', () => {
  it("when the pointer is coarse, then Title is the device's own select and choosing 'Mr' sets it", async () => {
    const matchMedia = window.matchMedia;
    window.matchMedia = ((query: string) => ({ ...matchMedia(query), matches: query === '(pointer: coarse)' })) as typeof window.matchMedia;
    try {
      const { user, dialog } = await openAndStart();
      const title = within(within(dialog).getByRole('group', { name: 'Adult 1' })).getByRole('combobox', { name: 'Title' });
      expect(title.tagName).toBe('SELECT');
      await user.selectOptions(title, 'Mr');
      expect(title).toHaveValue('Mr');
    } finally {
      window.matchMedia = matchMedia;
    }
  });
});
