import { addGroupRoute, editGroupRoute, generalRoute, listGroupsRoute, updateGroupRoute } from '@portal/contract/groups';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dayjs, todayInKarachi } from '@/lib/format';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildGroup, buildLeg, buildPage, general } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';

// Issue 21 §9 (decision 024): dates and times typed as well as picked, return dates from the outbound,
// past departures refused as the user types, and the saved group shown in the list.

const PAST_MESSAGE = 'The departure date must be a date after or equal to today.';
const trips = () => screen.getAllByRole('group', { name: /^Trip / });
const trip = (index: number) => {
  const block = trips()[index];
  if (!block) throw new Error(`trip ${index} expected`);
  return block;
};
/** Types into a field and leaves it with Tab, as people do. */
async function typeAndLeave(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.type(field, text);
  await user.tab();
}
const dateOf = (block: HTMLElement, label: 'Departure Date' | 'Arrival Date') => within(block).getByRole('textbox', { name: label });
const timeOf = (block: HTMLElement, label: 'Departure Time' | 'Arrival Time') => within(block).getByRole('combobox', { name: label });

async function choose(user: UserEvent, label: RegExp, option: string, container: HTMLElement = document.body) {
  await user.click(within(container).getByRole('combobox', { name: label }));
  await user.click(await screen.findByRole('option', { name: option }));
}

/**
 * The two tests typing a whole group's legs (dates and times, in a form that now also renders its Deadlines section)
 * take 13-16 s on a quiet machine and went past the 60 s default while CI ran its suites side by side on 2 cores.
 */
const TYPES_A_WHOLE_GROUP_MS = 180_000;

describe('group form dates and times (issue 21 §9)', () => {
  it('when a one-way group is typed as people write dates and times, then they read as dates and 24-hour times, are sent as YYYY-MM-DD and HH:mm, and the list shows the saved group marked', async () => {
    storeSession();
    const saved = buildGroup({ id: 42, pnr: 'TYPED1', ticket_type: 1, direction: 1, date: '2099-12-25' });
    const fetchMock = stubFetch({
      'GET /api/general': reply(generalRoute, 200, general),
      'POST /api/add-group': reply(addGroupRoute, 201, { message: 'Group added successfully!', data: { id: 42 } }),
      'GET /api/listofgroups': reply(listGroupsRoute, 200, buildPage([buildGroup({ id: 41, pnr: 'OTHER1' }), saved])),
    });
    const { router } = renderApp('/dashboard/addnewgroup');
    const user = userEvent.setup();

    await screen.findByLabelText(/^PNR/);
    await choose(user, /^Airline/, 'Pakistan International Airlines');
    await choose(user, /^My Sector/, 'Umrah');
    await user.type(screen.getByLabelText(/^PNR/), 'typed1');
    await user.type(screen.getByRole('textbox', { name: /^Tickets We Have/ }), '40');
    await user.type(screen.getByRole('textbox', { name: /^Total Tickets/ }), '30');
    await user.type(screen.getByRole('textbox', { name: /^Fare/ }), '150000');
    await user.type(screen.getByRole('textbox', { name: /^Infant Fare/ }), '25000');
    await user.click(screen.getByRole('radio', { name: 'Yes' }));
    const a1 = trip(0);
    await choose(user, /^Sector/, 'LHE - DXB', a1);
    await user.type(within(a1).getByRole('textbox', { name: /^Flight Number/ }), 'PK 203');
    await user.type(within(a1).getByRole('textbox', { name: /^Baggage/ }), '30');
    await user.type(within(a1).getByRole('textbox', { name: /^Hand Carry/ }), '7');
    await user.type(within(a1).getByRole('textbox', { name: /^Departure Airport Name/ }), 'allama iqbal intl');
    await user.type(within(a1).getByRole('textbox', { name: /^Arrival Airport Name/ }), 'dubai intl');

    await typeAndLeave(user, dateOf(a1, 'Departure Date'), '25/12/2099');
    expect(dateOf(a1, 'Departure Date')).toHaveValue('25 Dec 2099');
    // The arrival starts on the departure's day.
    expect(dateOf(a1, 'Arrival Date')).toHaveValue('25 Dec 2099');
    await typeAndLeave(user, timeOf(a1, 'Departure Time'), '2:30 PM');
    expect(timeOf(a1, 'Departure Time')).toHaveValue('14:30');
    await typeAndLeave(user, timeOf(a1, 'Arrival Time'), '1845');
    expect(timeOf(a1, 'Arrival Time')).toHaveValue('18:45');
    // Other spellings of the same day; a 2-digit year is read when the field is left.
    await typeAndLeave(user, dateOf(a1, 'Arrival Date'), '26 Dec 2099');
    expect(dateOf(a1, 'Arrival Date')).toHaveValue('26 Dec 2099');
    await typeAndLeave(user, dateOf(a1, 'Arrival Date'), '25/12/99');
    expect(dateOf(a1, 'Arrival Date')).toHaveValue('25 Dec 2099');

    await user.click(screen.getByRole('button', { name: 'Save' }));

    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/groups'));
    expect(router.state.location.search).toBe('?saved=42');
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body));
    expect(body).toMatchObject({
      pnr: 'TYPED1',
      departure_date: ['2099-12-25'],
      departure_time: ['14:30'],
      arivval_date: ['2099-12-25'],
      arivval_time: ['18:45'],
    });
    const row = (await screen.findByText('TYPED1')).closest('tr');
    expect(row).toHaveAttribute('data-highlighted');
    expect(within(row!).getByText('Saved')).toBeInTheDocument();
    expect(screen.getByText('OTHER1').closest('tr')).not.toHaveAttribute('data-highlighted');
  }, TYPES_A_WHOLE_GROUP_MS);

  it('when the outbound date is typed, then every later trip date starts from it; a typed return date leads its own arrival and is never offered before the outbound', async () => {
    storeSession();
    stubFetch({ 'GET /api/general': reply(generalRoute, 200, general) });
    renderApp('/dashboard/addnewgroup');
    const user = userEvent.setup();
    await screen.findByLabelText(/^PNR/);
    await user.click(screen.getByRole('radio', { name: 'Round Trip' }));
    const [a1, b1] = [trip(0), trip(1)];

    await typeAndLeave(user, dateOf(a1, 'Departure Date'), '10-01-2099');
    expect(dateOf(a1, 'Arrival Date')).toHaveValue('10 Jan 2099');
    expect(dateOf(b1, 'Departure Date')).toHaveValue('10 Jan 2099');
    expect(dateOf(b1, 'Arrival Date')).toHaveValue('10 Jan 2099');

    await typeAndLeave(user, dateOf(b1, 'Departure Date'), '24 jan 2099');
    expect(dateOf(b1, 'Arrival Date')).toHaveValue('24 Jan 2099');
    // The outbound moves: the return the user chose stays.
    await typeAndLeave(user, dateOf(a1, 'Departure Date'), '12/01/2099');
    expect(dateOf(a1, 'Arrival Date')).toHaveValue('12 Jan 2099');
    expect(dateOf(b1, 'Departure Date')).toHaveValue('24 Jan 2099');

    // The return's calendar offers no day before the outbound's arrival.
    await user.click(dateOf(b1, 'Departure Date'));
    expect(await screen.findByRole('button', { name: '11 January 2099' })).toBeDisabled();
    expect(screen.getByRole('button', { name: '12 January 2099' })).toBeEnabled();

    // Typed before it anyway: said at once, with the server's message.
    await typeAndLeave(user, dateOf(b1, 'Departure Date'), '05/01/2099');
    expect(await within(b1).findByText('Trip B-1 may not depart before trip A-1 arrives.')).toBeInTheDocument();
    await typeAndLeave(user, dateOf(b1, 'Departure Date'), '20/01/2099');
    await waitFor(() => expect(within(b1).queryByText('Trip B-1 may not depart before trip A-1 arrives.')).not.toBeInTheDocument());
  }, TYPES_A_WHOLE_GROUP_MS);

  it('when a departure before today is typed, then the form says so as the field is left, before anything else is filled, and not once today is typed', async () => {
    storeSession();
    const fetchMock = stubFetch({ 'GET /api/general': reply(generalRoute, 200, general) });
    renderApp('/dashboard/addnewgroup');
    const user = userEvent.setup();
    await screen.findByLabelText(/^PNR/);
    const a1 = trip(0);

    await typeAndLeave(user, dateOf(a1, 'Departure Date'), dayjs(todayInKarachi()).subtract(1, 'day').format('DD/MM/YYYY'));
    expect(await within(a1).findByText(PAST_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await typeAndLeave(user, dateOf(a1, 'Departure Date'), dayjs(todayInKarachi()).format('DD/MM/YYYY'));
    await waitFor(() => expect(within(a1).queryByText(PAST_MESSAGE)).not.toBeInTheDocument());
  });

  it('when a group that has flown is edited, then it saves with its date unchanged, and moving that date to another past day is refused in the form', async () => {
    storeSession();
    const flown = dayjs(todayInKarachi()).subtract(5, 'day');
    const group = buildGroup({
      id: 8,
      ticket_type: 1,
      direction: 1,
      date: flown.format('YYYY-MM-DD'),
      subpart: [buildLeg(0, 1, 'LHE - DXB', flown.format('YYYY-MM-DD'))],
    });
    const fetchMock = stubFetch({
      'GET /api/general': reply(generalRoute, 200, general),
      'GET /api/editgroup/8': reply(editGroupRoute, 200, { data: group }),
      'POST /api/update-group': reply(updateGroupRoute, 200, { message: 'Group updated successfully!', data: { id: 8 } }),
      'GET /api/listofgroups': reply(listGroupsRoute, 200, buildPage([])),
    });
    const { router } = renderApp('/dashboard/update-group/8');
    const user = userEvent.setup();
    const a1 = await waitFor(() => trip(0));

    await typeAndLeave(user, dateOf(a1, 'Departure Date'), flown.subtract(1, 'day').format('DD/MM/YYYY'));
    expect(await within(a1).findByText(PAST_MESSAGE)).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await typeAndLeave(user, dateOf(a1, 'Departure Date'), flown.format('DD/MM/YYYY'));
    await waitFor(() => expect(within(a1).queryByText(PAST_MESSAGE)).not.toBeInTheDocument());
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.search).toBe('?saved=8'));
  });
});
