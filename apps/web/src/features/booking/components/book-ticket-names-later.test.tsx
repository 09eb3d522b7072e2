import { agentBookingDetailRoute } from '@portal/contract/booking-lifecycle';
import {
  addBookingRoute,
  BOOKED_TITLE,
  BOOKING_ADDED_MESSAGE,
  checkAvailabilityRoute,
  NAMES_LATER_DEADLINE_PASSED_MESSAGE,
} from '@portal/contract/bookings';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderBookButton } from '../testing/booking-fixtures';
import { buildBookingDetail } from '../testing/booking-detail-fixture';

// PRODUCT §6 "Names later" (decision 030 and its dated section of 27 Nov): while the group's name deadline is ahead the
// Book Ticket dialog offers 'Names later'; on, each passenger is its type only and add-booking gets names_later=1.

type User = ReturnType<typeof userEvent.setup>;

const available = reply(checkAvailabilityRoute, 200, {
  data: { status: true, remaining: 31, price: 145000, infant_price: 35000, total_amount: 325000, updated_at: '2031-01-02T08:00:00.000Z' },
});
/** Ahead of any clock the tests run on: 10:00 AM in Pakistan. */
const FUTURE_DEADLINE = '2099-02-20T05:00:00.000Z';

async function openAndStart(user: User) {
  await user.click(screen.getByRole('button', { name: 'Book' }));
  const dialog = await screen.findByRole('dialog', {}, { timeout: 60_000 });
  await user.clear(within(dialog).getByLabelText('Adults'));
  await user.type(within(dialog).getByLabelText('Adults'), '2');
  await user.type(within(dialog).getByLabelText('Infants'), '1');
  await user.click(within(dialog).getByRole('button', { name: 'Start Booking' }));
  await within(dialog).findByRole('group', { name: 'Adult 1' });
  return dialog;
}

const addBookingBody = (fetchMock: ReturnType<typeof stubFetch>) =>
  fetchMock.mock.calls.find(([url, init]) => String(url).endsWith('/api/add-booking') && init?.method === 'POST')?.[1]?.body as
    | FormData
    | undefined;

/** Dialog tests are slow on a loaded machine (never a timed assertion: only room to finish). */
const SLOW = 180_000;

describe("Book Ticket dialog: 'Names later' (PRODUCT §6)", () => {
  it('when Names later is switched on, then the passengers show their type only, no name or passport field, and add-booking gets names_later=1 and the types', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3, user_id: 12 }));
    const fetchMock = stubFetch({
      'POST /api/check-availbility': available,
      'POST /api/add-booking': reply(addBookingRoute, 201, { message: BOOKING_ADDED_MESSAGE, data: { id: 56 } }),
      'POST /api/agent-booking-detail': reply(agentBookingDetailRoute, 200, buildBookingDetail(56)),
    });
    renderBookButton({ nameDeadline: FUTURE_DEADLINE });
    const user = userEvent.setup();
    const dialog = await openAndStart(user);

    const toggle = within(dialog).getByRole('switch', { name: 'Names later' });
    expect(toggle).not.toBeChecked();
    expect(within(dialog).getByText(/give the names by 20 Feb 2099, 10:00 AM \(Pakistan time\)/)).toBeInTheDocument();
    expect(within(dialog).getAllByRole('textbox', { name: 'First Name' })).toHaveLength(3);

    await user.click(toggle);
    expect(toggle).toBeChecked();
    for (const label of ['First Name', 'Last Name', 'Date of Birth', 'Passport Number', 'Passport Expiry Date']) {
      expect(within(dialog).queryByRole('textbox', { name: label })).not.toBeInTheDocument();
    }
    expect(within(dialog).queryByRole('combobox', { name: 'Title' })).not.toBeInTheDocument();
    expect(within(dialog).queryByLabelText('Passport Photo or PDF file')).not.toBeInTheDocument();
    expect(within(dialog).getByRole('group', { name: 'Adult 2' })).toHaveTextContent('Type: Adult · Name: TBA');
    expect(within(dialog).getByRole('group', { name: 'Infant 1' })).toHaveTextContent('Type: Infant · Name: TBA');

    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await screen.findByRole('dialog', { name: BOOKED_TITLE })).toBeInTheDocument();
    const form = addBookingBody(fetchMock);
    expect(form).toBeInstanceOf(FormData);
    expect(form?.get('names_later')).toBe('1');
    expect(form?.getAll('type[]')).toEqual(['adult', 'adult', 'infant']);
    for (const name of ['titles[]', 'firstname[]', 'lastname[]', 'dob[]', 'passport_no[]', 'passport_expiry_date[]', 'passport_img[]', 'visa_copy[]']) {
      expect(form?.getAll(name)).toEqual([]);
    }
    expect(form?.get('pnr')).toBe('ABC123');
  }, SLOW);

  it('when Names later is switched off again, then the name fields come back and a Book without them sends nothing', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    const fetchMock = stubFetch({ 'POST /api/check-availbility': available });
    renderBookButton({ nameDeadline: FUTURE_DEADLINE });
    const user = userEvent.setup();
    const dialog = await openAndStart(user);

    const toggle = within(dialog).getByRole('switch', { name: 'Names later' });
    await user.click(toggle);
    await user.click(toggle);
    expect(toggle).not.toBeChecked();
    expect(within(dialog).getAllByRole('textbox', { name: 'First Name' })).toHaveLength(3);
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect((await within(dialog).findAllByText('The first name field is required.')).length).toBeGreaterThan(0);
    expect(addBookingBody(fetchMock)).toBeUndefined();
  }, SLOW);

  it("when the server refuses names later (the deadline passed meanwhile), then its 422 shows under the switch", async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({
      'POST /api/check-availbility': available,
      'POST /api/add-booking': reply(addBookingRoute, 422, {
        message: 'The given data was invalid.',
        errors: { names_later: [NAMES_LATER_DEADLINE_PASSED_MESSAGE] },
      }),
    });
    renderBookButton({ nameDeadline: FUTURE_DEADLINE });
    const user = userEvent.setup();
    const dialog = await openAndStart(user);

    await user.click(within(dialog).getByRole('switch', { name: 'Names later' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await within(dialog).findByText(NAMES_LATER_DEADLINE_PASSED_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('switch', { name: 'Names later' })).toHaveAccessibleDescription(
      expect.stringContaining(NAMES_LATER_DEADLINE_PASSED_MESSAGE),
    );
  }, SLOW);

  it.each([
    ['the group has no name deadline', null],
    ['the name deadline has passed', '2020-01-01T05:00:00.000Z'],
  ])('when %s, then Names later is not offered', async (_case, nameDeadline) => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({ 'POST /api/check-availbility': available });
    renderBookButton({ nameDeadline });
    const user = userEvent.setup();
    const dialog = await openAndStart(user);

    expect(within(dialog).queryByRole('switch', { name: 'Names later' })).not.toBeInTheDocument();
    expect(within(dialog).getAllByRole('textbox', { name: 'First Name' })).toHaveLength(3);
  }, SLOW);
});
