import { agentBookingDetailRoute, bookingDetailRoute } from '@portal/contract/booking-lifecycle';
import {
  addBookingRoute,
  BOOKED_TITLE,
  BOOKING_ADDED_MESSAGE,
  checkAvailabilityRoute,
  passportAlreadyBookedMessage,
  PASSPORT_REPEATED_MESSAGE,
  searchAgentRoute,
  SEATS_UNAVAILABLE_MESSAGE,
} from '@portal/contract/bookings';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { buildFile, renderBookButton } from '../testing/booking-fixtures';
import { buildBookingDetail } from '../testing/booking-detail-fixture';

type User = ReturnType<typeof userEvent.setup>;

const available = reply(checkAvailabilityRoute, 200, {
  data: { status: true, remaining: 31, price: 145000, infant_price: 35000, total_amount: 145000, updated_at: '2031-01-02T08:00:00.000Z' },
});

async function openAndStart(user: User, counts: { children?: string } = {}) {
  await user.click(screen.getByRole('button', { name: 'Book' }));
  const dialog = await screen.findByRole('dialog');
  if (counts.children) await user.type(within(dialog).getByLabelText('Children'), counts.children);
  await user.click(within(dialog).getByRole('button', { name: 'Start Booking' }));
  await within(dialog).findByRole('group', { name: 'Adult 1' });
  return dialog;
}

async function pickOption(user: User, field: HTMLElement, option: string) {
  await user.click(field);
  await user.click(await screen.findByRole('option', { name: option }));
}

async function fillPassenger(
  user: User,
  group: HTMLElement,
  values: { title: string; first: string; last: string; dob: string; passport: string; expiry: string; scan?: File; visa?: File },
) {
  await pickOption(user, within(group).getByRole('combobox', { name: 'Title' }), values.title);
  await user.type(within(group).getByLabelText(/First Name/), values.first);
  await user.type(within(group).getByLabelText(/Last Name/), values.last);
  await user.type(within(group).getByLabelText(/Date of Birth/), values.dob);
  await user.type(within(group).getByLabelText(/Passport Number/), values.passport);
  await user.type(within(group).getByLabelText(/Passport Expiry Date/), values.expiry);
  if (values.scan) await user.upload(within(group).getByLabelText('Passport Photo or PDF file'), values.scan);
  if (values.visa) await user.upload(within(group).getByLabelText('Visa Copy file'), values.visa);
  await user.click(group);
}

const ADULT = {
  title: 'Mr',
  first: '  muhammad   ali ',
  last: 'khan',
  dob: '15/01/1990',
  passport: 'AB1234567',
  expiry: '01/01/2035',
};

const posts = (fetchMock: ReturnType<typeof stubFetch>, path: string) =>
  fetchMock.mock.calls.filter(([url, init]) => String(url).endsWith(path) && init?.method === 'POST');

describe('Book Ticket dialog: passengers and Book (000 §4-§5, PRODUCT §4)', () => {
  it("when the form is complete, then add-booking gets the arrays, files and an Idempotency-Key, and 'Ticket Booked!' shows both links", async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3, user_id: 12 }));
    const fetchMock = stubFetch({
      'POST /api/check-availbility': available,
      'POST /api/add-booking': reply(addBookingRoute, 201, { message: BOOKING_ADDED_MESSAGE, data: { id: 55 } }),
      'POST /api/agent-booking-detail': reply(agentBookingDetailRoute, 200, buildBookingDetail(55)),
    });
    renderBookButton();
    const user = userEvent.setup();
    const dialog = await openAndStart(user, { children: '1' });

    const scan = buildFile('passport.pdf', 'application/pdf');
    const visa = buildFile('visa.png', 'image/png');
    await fillPassenger(user, within(dialog).getByRole('group', { name: 'Adult 1' }), { ...ADULT, scan, visa });
    const childScan = buildFile('child.jpg', 'image/jpeg');
    await fillPassenger(user, within(dialog).getByRole('group', { name: 'Child 1' }), {
      title: 'Miss',
      first: 'sara',
      last: 'khan',
      dob: '01/06/2022',
      passport: 'CD7654321',
      expiry: '01/01/2035',
      scan: childScan,
    });
    await user.type(within(dialog).getByLabelText('Remarks'), 'Window seats please');
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await screen.findByRole('dialog', { name: BOOKED_TITLE })).toBeInTheDocument();
    const [call] = posts(fetchMock, '/api/add-booking');
    const headers = new Headers(call?.[1]?.headers);
    expect(headers.get('Idempotency-Key')).toMatch(/^[0-9a-f-]{32,36}$/);
    const form = call?.[1]?.body as FormData;
    expect(form).toBeInstanceOf(FormData);
    expect(form.get('pnr')).toBe('ABC123');
    // The group version of the availability answer is sent back (contract: a different one is a 409).
    expect(form.get('updated_at')).toBe('2031-01-02T08:00:00.000Z');
    expect(form.getAll('type[]')).toEqual(['adult', 'child']);
    expect(form.getAll('titles[]')).toEqual(['Mr', 'Miss']);
    expect(form.getAll('firstname[]')).toEqual(['MUHAMMAD ALI', 'SARA']);
    expect(form.getAll('lastname[]')).toEqual(['KHAN', 'KHAN']);
    expect(form.getAll('dob[]')).toEqual(['1990-01-15', '2022-06-01']);
    expect(form.getAll('passport_no[]')).toEqual(['AB1234567', 'CD7654321']);
    expect(form.getAll('passport_expiry_date[]')).toEqual(['2035-01-01', '2035-01-01']);
    expect(form.getAll('passport_img[]').map((file) => (file as File).name)).toEqual(['passport.pdf', 'child.jpg']);
    // A missing visa copy keeps its place with an empty value.
    const visas = form.getAll('visa_copy[]');
    expect((visas[0] as File).name).toBe('visa.png');
    expect(visas[1]).toBe('');
    expect(form.get('remarks')).toBe('Window seats please');
    expect(form.get('total_amount')).toBe('145000');
    // An agent's booking carries no agent choice: the server books it for the caller, on Hold.
    expect(form.get('agent')).toBeNull();

    const booked = screen.getByRole('dialog', { name: BOOKED_TITLE });
    await waitFor(() =>
      expect(within(booked).getByRole('link', { name: 'Download Booking' })).toHaveAttribute(
        'href',
        'http://localhost:8080/api/booking-pdf/55?expires=1&signature=abc&download=1',
      ),
    );
    expect(within(booked).getByRole('link', { name: 'Download Booking' })).toHaveAttribute('target', '_blank');
    expect(within(booked).getByRole('link', { name: 'View Booking' })).toHaveAttribute('href', '/dashboard/book/55');
    // Issue 21 §6: the hold and its end, in Asia/Karachi (cancel_at 11:00 UTC = 4 PM there).
    expect(within(booked).getByText(/on hold until 02 Jan 2031, 04:00 PM \(Pakistan time\)/)).toBeInTheDocument();
    expect(JSON.parse(String(posts(fetchMock, '/api/agent-booking-detail')[0]?.[1]?.body))).toEqual({ booking_id: 55 });
  });

  it('when a child is 12 or older on the departure date, then the seed age message shows and nothing is sent', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    const fetchMock = stubFetch({ 'POST /api/check-availbility': available });
    renderBookButton();
    const user = userEvent.setup();
    const dialog = await openAndStart(user, { children: '1' });
    const child = within(dialog).getByRole('group', { name: 'Child 1' });
    await fillPassenger(user, child, { ...ADULT, title: 'Mstr', dob: '01/01/2018' });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await within(child).findByText("Selected AGE is 13.1, Child shouldn't be more than 12 years")).toBeInTheDocument();
    expect(posts(fetchMock, '/api/add-booking')).toHaveLength(0);
  });

  it("when a passport scan is over 2 MB, then 'File size should be less than 2MB' shows and the file is not kept", async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({ 'POST /api/check-availbility': available });
    renderBookButton();
    const user = userEvent.setup();
    const dialog = await openAndStart(user);
    const adult = within(dialog).getByRole('group', { name: 'Adult 1' });
    await user.upload(within(adult).getByLabelText('Passport Photo or PDF file'), buildFile('big.pdf', 'application/pdf', 2_097_153));
    expect(await within(adult).findByText('File size should be less than 2MB')).toBeInTheDocument();
    expect(within(adult).queryByText('big.pdf')).not.toBeInTheDocument();
  });

  it('when add-booking answers 422, then the messages land on their passenger fields', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({
      'POST /api/check-availbility': available,
      'POST /api/add-booking': reply(addBookingRoute, 422, {
        message: 'The given data was invalid.',
        errors: { 'passport_no.0': ['The passport no may only contain letters, numbers and hyphens.'] },
      }),
    });
    renderBookButton();
    const user = userEvent.setup();
    const dialog = await openAndStart(user);
    const adult = within(dialog).getByRole('group', { name: 'Adult 1' });
    await fillPassenger(user, adult, { ...ADULT, scan: buildFile('p.png', 'image/png') });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(adult).findByText('The passport no may only contain letters, numbers and hyphens.')).toBeInTheDocument();
    expect(within(adult).getByLabelText(/Passport Number/)).toHaveAttribute('aria-invalid', 'true');
  });

  it('when add-booking answers 409, then its message shows with the Refresh button', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    stubFetch({
      'POST /api/check-availbility': available,
      'POST /api/add-booking': reply(addBookingRoute, 409, { message: SEATS_UNAVAILABLE_MESSAGE }),
    });
    renderBookButton();
    const user = userEvent.setup();
    const dialog = await openAndStart(user);
    await fillPassenger(user, within(dialog).getByRole('group', { name: 'Adult 1' }), { ...ADULT, scan: buildFile('p.png', 'image/png') });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));
    expect(await within(dialog).findByText(SEATS_UNAVAILABLE_MESSAGE)).toBeInTheDocument();
    expect(within(dialog).getByRole('button', { name: 'Refresh' })).toBeInTheDocument();
  });

  it("when add-booking answers that a passport is already booked on the group (409), then the message shows under that passenger's Passport Number", async () => {
    const message = passportAlreadyBookedMessage('CD7654321');
    expect(message).toBe('Passport CD7654321 is already booked on this group.');
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    const fetchMock = stubFetch({
      'POST /api/check-availbility': available,
      'POST /api/add-booking': reply(addBookingRoute, 409, { message }),
    });
    renderBookButton();
    const user = userEvent.setup();
    const dialog = await openAndStart(user, { children: '1' });
    await fillPassenger(user, within(dialog).getByRole('group', { name: 'Adult 1' }), { ...ADULT, scan: buildFile('p.png', 'image/png') });
    const child = within(dialog).getByRole('group', { name: 'Child 1' });
    await fillPassenger(user, child, { ...ADULT, title: 'Miss', dob: '01/06/2022', passport: 'cd 7654321', scan: buildFile('c.png', 'image/png') });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await within(child).findByText(message)).toBeInTheDocument();
    const passport = within(child).getByLabelText(/Passport Number/);
    expect(passport).toHaveAttribute('aria-invalid', 'true');
    expect(passport).toHaveFocus();
    expect(posts(fetchMock, '/api/add-booking')).toHaveLength(1);
    // Refreshing the page cannot help (and would lose the passengers typed): no Refresh here, the message once.
    expect(within(dialog).queryByRole('button', { name: 'Refresh' })).not.toBeInTheDocument();
    expect(within(dialog).getAllByText(message)).toHaveLength(1);
  });

  it('when two passengers have one passport number, then the second shows the message and nothing is sent', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 3 }));
    const fetchMock = stubFetch({ 'POST /api/check-availbility': available });
    renderBookButton();
    const user = userEvent.setup();
    const dialog = await openAndStart(user, { children: '1' });
    const adult = within(dialog).getByRole('group', { name: 'Adult 1' });
    await fillPassenger(user, adult, { ...ADULT, scan: buildFile('p.png', 'image/png') });
    const child = within(dialog).getByRole('group', { name: 'Child 1' });
    await fillPassenger(user, child, { ...ADULT, title: 'Miss', dob: '01/06/2022', passport: 'ab 1234567', scan: buildFile('c.png', 'image/png') });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await within(child).findByText(PASSPORT_REPEATED_MESSAGE)).toBeInTheDocument();
    expect(within(adult).queryByText(PASSPORT_REPEATED_MESSAGE)).not.toBeInTheDocument();
    expect(posts(fetchMock, '/api/add-booking')).toHaveLength(0);
  });

  it('when an admin books for an agent found by name, then add-booking carries that agent and walking 0', async () => {
    storeSession(buildSession({ role: 'admin' }));
    const fetchMock = stubFetch({
      'POST /api/check-availbility': available,
      'POST /api/searchagent': reply(searchAgentRoute, 200, {
        data: [{ id: 41, name: 'Sky Travels', agent_id: 1041, agency_name: 'Sky Travels Pvt' }],
      }),
      'POST /api/add-booking': reply(addBookingRoute, 201, { message: BOOKING_ADDED_MESSAGE, data: { id: 56 } }),
      'POST /api/booking-detail': reply(bookingDetailRoute, 200, buildBookingDetail(56)),
    });
    renderBookButton();
    const user = userEvent.setup();
    const dialog = await openAndStart(user);
    await fillPassenger(user, within(dialog).getByRole('group', { name: 'Adult 1' }), { ...ADULT, scan: buildFile('p.png', 'image/png') });

    expect(within(dialog).getByRole('link', { name: 'Add new Agent' })).toHaveAttribute('href', '/dashboard/agents');
    await user.click(within(dialog).getByRole('checkbox', { name: 'Book for Agent' }));
    // Nothing is searched for an empty query.
    expect(posts(fetchMock, '/api/searchagent')).toHaveLength(0);
    await user.type(within(dialog).getByRole('combobox', { name: 'Agent' }), 'sky');
    await user.click(await screen.findByRole('option', { name: 'Sky Travels (Agent-1041)' }));
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await screen.findByRole('dialog', { name: BOOKED_TITLE })).toBeInTheDocument();
    expect(JSON.parse(String(posts(fetchMock, '/api/searchagent')[0]?.[1]?.body))).toEqual({ searchquery: 'sky' });
    const form = posts(fetchMock, '/api/add-booking')[0]?.[1]?.body as FormData;
    expect(form.get('agent')).toBe('41');
    expect(form.get('walking')).toBe('0');
    expect(form.get('confirmed')).toBe('1');
  });

  it('when an admin leaves Book for Agent unticked, then the booking is a walk-in (agent 0, walking 1)', async () => {
    storeSession(buildSession({ role: 'admin' }));
    const fetchMock = stubFetch({
      'POST /api/check-availbility': available,
      'POST /api/add-booking': reply(addBookingRoute, 201, { message: BOOKING_ADDED_MESSAGE, data: { id: 57 } }),
      'POST /api/booking-detail': reply(bookingDetailRoute, 200, buildBookingDetail(57)),
    });
    renderBookButton();
    const user = userEvent.setup();
    const dialog = await openAndStart(user);
    await fillPassenger(user, within(dialog).getByRole('group', { name: 'Adult 1' }), { ...ADULT, scan: buildFile('p.png', 'image/png') });
    await user.click(within(dialog).getByRole('button', { name: 'Book' }));

    expect(await screen.findByRole('dialog', { name: BOOKED_TITLE })).toBeInTheDocument();
    const form = posts(fetchMock, '/api/add-booking')[0]?.[1]?.body as FormData;
    expect(form.get('agent')).toBe('0');
    expect(form.get('walking')).toBe('1');
  });
});
