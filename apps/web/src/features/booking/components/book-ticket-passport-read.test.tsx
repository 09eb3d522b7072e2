import { agentBookingDetailRoute } from '@portal/contract/booking-lifecycle';
import { addBookingRoute, BOOKED_TITLE, BOOKING_ADDED_MESSAGE, checkAvailabilityRoute } from '@portal/contract/bookings';
import {
  MRZ_CHECK_DIGITS_MESSAGE,
  MRZ_UNREADABLE_MESSAGE,
  PASSPORT_READ_BUSY_MESSAGE,
  passportReadRoute,
  type PassportData,
} from '@portal/contract/passport';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, slowReply, stubFetch, type StubReply } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { buildFile, renderBookButton } from '../testing/booking-fixtures';
import { buildBookingDetail } from '../testing/booking-detail-fixture';

// PRODUCT §6 "Passport reading": 'Read passport' and 'Paste MRZ' of each passenger of the Book Ticket dialog.

type User = ReturnType<typeof userEvent.setup>;

const available = reply(checkAvailabilityRoute, 200, {
  data: { status: true, remaining: 31, price: 145000, infant_price: 35000, total_amount: 145000, updated_at: '2031-01-02T08:00:00.000Z' },
});

const KHAN: PassportData = {
  surname: 'KHAN',
  given_names: 'AYESHA BIBI',
  passport_no: 'AB1234567',
  nationality: 'PAK',
  sex: 'F',
  dob: '1990-03-15',
  expiry: '2031-08-20',
};
const readReply = (data: Partial<PassportData> = {}) => reply(passportReadRoute, 200, { data: { ...KHAN, ...data } });
const refused = (message: string, field = 'file') => reply(passportReadRoute, 422, { message, errors: { [field]: [message] } });

/** The two TD3 lines of KHAN's passport (their check digits hold); the browser sends them as pasted. */
const MRZ = 'P<PAKKHAN<<AYESHA<BIBI<<<<<<<<<<<<<<<<<<<<<<\nAB12345671PAK9003152F3108206<<<<<<<<<<<<<<04';

async function openPassengers(user: User, fetchMock: ReturnType<typeof stubFetch>, counts: { children?: string; infants?: string } = {}) {
  await user.click(screen.getByRole('button', { name: 'Book' }));
  const dialog = await screen.findByRole('dialog');
  if (counts.children) await user.type(within(dialog).getByLabelText('Children'), counts.children);
  if (counts.infants) await user.type(within(dialog).getByLabelText('Infants'), counts.infants);
  await user.click(within(dialog).getByRole('button', { name: 'Start Booking' }));
  const adult = await within(dialog).findByRole('group', { name: 'Adult 1' });
  const reads = () => fetchMock.mock.calls.filter(([url]) => String(url) === '/api/passport-read');
  return { dialog, adult, reads };
}

function setUp(readAnswer: StubReply | ((body: FormData) => StubReply), extra: Parameters<typeof stubFetch>[0] = {}) {
  storeSession(buildSession({ role: 'user', agent_id: 3, user_id: 12 }));
  const fetchMock = stubFetch({
    'POST /api/check-availbility': available,
    'POST /api/passport-read': typeof readAnswer === 'function' ? ({ body }) => readAnswer(body as FormData) : readAnswer,
    ...extra,
  });
  renderBookButton();
  return { fetchMock, user: userEvent.setup() };
}

const field = (group: HTMLElement, label: string) => within(group).getByRole('textbox', { name: label });

describe("Book Ticket dialog: 'Read passport' (PRODUCT §6)", () => {
  it('when the scan is read, then the fields fill, the title follows type and sex, each filled field is marked, and Book sends them', async () => {
    const { fetchMock, user } = setUp(slowReply(readReply(), 150), {
      'POST /api/add-booking': reply(addBookingRoute, 201, { message: BOOKING_ADDED_MESSAGE, data: { id: 55 } }),
      'POST /api/agent-booking-detail': reply(agentBookingDetailRoute, 200, buildBookingDetail(55)),
    });
    const { dialog, adult, reads } = await openPassengers(user, fetchMock);
    const read = within(adult).getByRole('button', { name: 'Read passport' });
    // It reads the scan chosen in this dialog: nothing to read before one is chosen.
    expect(read).toBeDisabled();
    const scan = buildFile('khan.png', 'image/png');
    await user.upload(within(adult).getByLabelText('Passport Photo or PDF file'), scan);
    expect(read).toBeEnabled();

    await user.click(read);
    // The loader shows on the button while the server reads.
    expect(read).toHaveAttribute('data-loading');
    // Typed inputs take the value at once, the controlled ones (title, dates) at the next render.
    await waitFor(() => expect(field(adult, 'Passport Expiry Date')).toHaveValue('20 Aug 2031'));
    expect(read).not.toHaveAttribute('data-loading');
    const body = reads()[0]?.[1]?.body as FormData;
    expect((body.get('file') as File).name).toBe('khan.png');
    expect(body.get('mrz')).toBeNull();

    expect(field(adult, 'First Name')).toHaveValue('AYESHA BIBI');
    expect(field(adult, 'Passport Number')).toHaveValue('AB1234567');
    expect(field(adult, 'Date of Birth')).toHaveValue('15 Mar 1990');
    expect(field(adult, 'Passport Expiry Date')).toHaveValue('20 Aug 2031');
    // Adult F: Mrs.
    const title = within(adult).getByRole('combobox', { name: 'Title' });
    expect(title).toHaveValue('Mrs');
    for (const input of [title, ...['First Name', 'Last Name', 'Passport Number', 'Date of Birth', 'Passport Expiry Date'].map((label) => field(adult, label))]) {
      expect(input).toHaveAccessibleDescription('Read from passport');
    }

    // The agent corrects one field: only that one loses its mark.
    await user.clear(field(adult, 'First Name'));
    await user.type(field(adult, 'First Name'), 'ayesha');
    expect(field(adult, 'First Name')).not.toHaveAccessibleDescription('Read from passport');
    expect(field(adult, 'Last Name')).toHaveAccessibleDescription('Read from passport');

    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await screen.findByRole('dialog', { name: BOOKED_TITLE })).toBeInTheDocument();
    const form = fetchMock.mock.calls.find(([url]) => String(url) === '/api/add-booking')?.[1]?.body as FormData;
    expect(form.getAll('titles[]')).toEqual(['Mrs']);
    expect(form.getAll('firstname[]')).toEqual(['AYESHA']);
    expect(form.getAll('lastname[]')).toEqual(['KHAN']);
    expect(form.getAll('dob[]')).toEqual(['1990-03-15']);
    expect(form.getAll('passport_no[]')).toEqual(['AB1234567']);
    expect(form.getAll('passport_expiry_date[]')).toEqual(['2031-08-20']);
    expect((form.get('passport_img[]') as File).name).toBe('khan.png');
  });

  it('when a reading is checked against the group, then a rule it breaks shows at once (a child 12 or older)', async () => {
    const { fetchMock, user } = setUp(readReply({ sex: 'M', dob: '2015-01-01' }));
    const { dialog } = await openPassengers(user, fetchMock, { children: '1' });
    const child = within(dialog).getByRole('group', { name: 'Child 1' });
    await user.upload(within(child).getByLabelText('Passport Photo or PDF file'), buildFile('c.png', 'image/png'));
    await user.click(within(child).getByRole('button', { name: 'Read passport' }));
    // Child M: Mstr; the departure is 2031-03-10, so the child is 16.1.
    await waitFor(() => expect(within(child).getByRole('combobox', { name: 'Title' })).toHaveValue('Mstr'));
    expect(await within(child).findByText("Selected AGE is 16.1, Child shouldn't be more than 12 years")).toBeInTheDocument();
  });

  it.each([
    ['the scan has no readable MRZ', refused(MRZ_UNREADABLE_MESSAGE), MRZ_UNREADABLE_MESSAGE],
    ['a check digit does not hold', refused(MRZ_CHECK_DIGITS_MESSAGE), MRZ_CHECK_DIGITS_MESSAGE],
    ['reading is busy (503)', reply(passportReadRoute, 503, { message: PASSPORT_READ_BUSY_MESSAGE }), PASSPORT_READ_BUSY_MESSAGE],
  ])('when %s, then its message shows under the button, nothing is filled and the fields can be typed', async (_case, answer, message) => {
    const { fetchMock, user } = setUp(answer);
    const { adult, reads } = await openPassengers(user, fetchMock);
    await user.upload(within(adult).getByLabelText('Passport Photo or PDF file'), buildFile('blank.png', 'image/png'));
    const read = within(adult).getByRole('button', { name: 'Read passport' });
    await user.click(read);

    const status = await within(adult).findByText(message);
    expect(status.closest('[aria-live="polite"]')).not.toBeNull();
    expect(read).toHaveAccessibleDescription(new RegExp(message.replace(/[.?]/g, '\\$&')));
    expect(reads()).toHaveLength(1);
    expect(field(adult, 'Last Name')).toHaveValue('');
    expect(within(adult).queryByText('Read from passport')).not.toBeInTheDocument();
    // Nothing read: the agent types by hand, and the button is ready for another try.
    await user.type(field(adult, 'Last Name'), 'khan');
    expect(field(adult, 'Last Name')).toHaveValue('khan');
    expect(read).toBeEnabled();
  });
});

describe("Book Ticket dialog: 'Paste MRZ' (PRODUCT §6)", () => {
  it('when two MRZ lines are pasted and read, then the server gets them as pasted and the fields fill and are marked', async () => {
    const { fetchMock, user } = setUp(readReply({ sex: 'M', given_names: 'BILAL', dob: '2025-06-01' }));
    const { dialog, reads } = await openPassengers(user, fetchMock, { infants: '1' });
    const infant = within(dialog).getByRole('group', { name: 'Infant 1' });
    // Paste MRZ needs no scan.
    await user.click(within(infant).getByRole('button', { name: 'Paste MRZ' }));
    const popover = await screen.findByRole('dialog', { name: 'Paste MRZ' });
    const read = within(popover).getByRole('button', { name: 'Read' });
    expect(read).toBeDisabled();
    await user.click(within(popover).getByRole('textbox', { name: /MRZ lines/ }));
    await user.paste(MRZ);
    await user.click(read);

    await waitFor(() => expect(within(infant).getByRole('combobox', { name: 'Title' })).toHaveValue('Inf'));
    await waitFor(() => expect(field(infant, 'Date of Birth')).toHaveValue('01 Jun 2025'));
    expect(field(infant, 'First Name')).toHaveValue('BILAL');
    expect((reads()[0]?.[1]?.body as FormData).get('mrz')).toBe(MRZ);
    expect((reads()[0]?.[1]?.body as FormData).get('file')).toBeNull();
    // An infant is always Inf; the popover closes.
    expect(within(infant).getByRole('combobox', { name: 'Title' })).toHaveValue('Inf');
    expect(within(infant).getByRole('combobox', { name: 'Title' })).toHaveAccessibleDescription('Read from passport');
    expect(field(infant, 'Last Name')).toHaveAccessibleDescription('Read from passport');
    await waitFor(() => expect(screen.queryByRole('dialog', { name: 'Paste MRZ' })).not.toBeInTheDocument());
    // The adult's fields were not touched.
    expect(field(within(dialog).getByRole('group', { name: 'Adult 1' }), 'Last Name')).toHaveValue('');
  });

  it('when the pasted lines fail their check digits, then the message shows in the popover and nothing is filled', async () => {
    const { fetchMock, user } = setUp(refused(MRZ_CHECK_DIGITS_MESSAGE, 'mrz'));
    const { adult } = await openPassengers(user, fetchMock);
    await user.click(within(adult).getByRole('button', { name: 'Paste MRZ' }));
    const popover = await screen.findByRole('dialog', { name: 'Paste MRZ' });
    await user.click(within(popover).getByRole('textbox', { name: /MRZ lines/ }));
    await user.paste(MRZ.replace('04', '05'));
    await user.click(within(popover).getByRole('button', { name: 'Read' }));
    expect(await within(popover).findByText(MRZ_CHECK_DIGITS_MESSAGE)).toBeInTheDocument();
    expect(field(adult, 'Last Name')).toHaveValue('');
  });

  it('when the passport says sex X, then the title is left for the agent to pick', async () => {
    const { fetchMock, user } = setUp(readReply({ sex: 'X' }));
    const { adult } = await openPassengers(user, fetchMock);
    await user.click(within(adult).getByRole('button', { name: 'Paste MRZ' }));
    const popover = await screen.findByRole('dialog', { name: 'Paste MRZ' });
    await user.click(within(popover).getByRole('textbox', { name: /MRZ lines/ }));
    await user.paste(MRZ);
    await user.click(within(popover).getByRole('button', { name: 'Read' }));
    await waitFor(() => expect(field(adult, 'Passport Expiry Date')).toHaveValue('20 Aug 2031'));
    expect(within(adult).getByRole('combobox', { name: 'Title' })).toHaveValue('');
    expect(within(adult).getByRole('combobox', { name: 'Title' })).not.toHaveAccessibleDescription('Read from passport');
  });
});
