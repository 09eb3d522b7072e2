import { notifications } from '@mantine/notifications';
import {
  CANCEL_AT_PAST_MESSAGE,
  HOLD_TIME_UPDATED_MESSAGE,
  holdTimeUpdateRoute,
  listOfBookingsRoute,
} from '@portal/contract/booking-lifecycle';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildBookingRow } from '../testing/bookings-fixtures';
import { getHoldTimeError } from './hold-time-modal';

async function openHoldTime(cancelAt: string) {
  storeSession();
  const fetchMock = stubFetch({
    'GET /api/listofbookings': reply(listOfBookingsRoute, 200, buildPage([buildBookingRow({ cancel_at: cancelAt })])),
    'POST /api/hold-time-update': reply(holdTimeUpdateRoute, 200, { message: HOLD_TIME_UPDATED_MESSAGE }),
  });
  renderApp('/dashboard/bookings');
  const user = userEvent.setup();
  await user.click(await screen.findByRole('button', { name: 'Actions for booking 5' }));
  await user.click(await screen.findByRole('menuitem', { name: 'Extend H.Time' }));
  const dialog = await screen.findByRole('dialog', { name: /Extend Hold Time/ });
  const posts = () => fetchMock.mock.calls.filter(([, init]) => init?.method === 'POST');
  return { user, dialog, posts };
}

describe('Extend H.Time dialog (000 §4-§5)', () => {
  beforeEach(() => notifications.clean());

  it('when no time or a past time is given, then it is refused before sending', () => {
    const now = new Date('2031-03-10T10:00:00Z');
    expect(getHoldTimeError(null, now)).toBe('The cancel at field is required.');
    // 15:00 in Karachi is 10:00 UTC: not after now.
    expect(getHoldTimeError('2031-03-10 15:00:00', now)).toBe(CANCEL_AT_PAST_MESSAGE);
    expect(getHoldTimeError('2031-03-10 15:01:00', now)).toBeNull();
  });

  it('when the hold is moved, then hold-time-update gets the Karachi wall-clock time', async () => {
    const { user, dialog, posts } = await openHoldTime('2031-03-10T10:30:00.000Z');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await screen.findByText(HOLD_TIME_UPDATED_MESSAGE)).toBeInTheDocument();
    const body = posts()[0]?.[1]?.body as FormData;
    expect(Object.fromEntries(body.entries())).toEqual({ booking_id: '5', cancel_at: '2031-03-10 15:30' });
  });

  it('when the time is in the past, then the message shows and nothing is sent', async () => {
    const { user, dialog, posts } = await openHoldTime('2020-01-01T10:30:00.000Z');
    await user.click(within(dialog).getByRole('button', { name: 'Update' }));
    expect(await within(dialog).findByText(CANCEL_AT_PAST_MESSAGE)).toBeInTheDocument();
    expect(posts()).toHaveLength(0);
  });
});
