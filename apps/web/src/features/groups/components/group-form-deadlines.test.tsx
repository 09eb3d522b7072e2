import {
  deadlineAfterDepartureMessage,
  editGroupRoute,
  generalRoute,
  listGroupsRoute,
  NAME_AFTER_TICKETING_MESSAGE,
  updateGroupRoute,
} from '@portal/contract/groups';
import { screen, waitFor } from '@testing-library/react';
import userEvent, { type UserEvent } from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildGroup, buildPage, general } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';

// PRODUCT §6 "Group deadlines" (decision 030): deposit, name and ticketing deadlines typed as a date and a time in
// Pakistan time, their order rules said as they are typed, sent as the instants they are (UTC). The group of buildGroup
// first departs on 10 Mar 2031 at 03:00.

type Deadline = 'Deposit deadline' | 'Name deadline' | 'Ticketing deadline';
const dateOf = (label: Deadline) => screen.getByRole('textbox', { name: label });
const timeOf = (label: Deadline) => screen.getByRole('combobox', { name: `${label} time` });

/** Puts the text in as one input (a paste: typing it key by key is minutes on a loaded machine) and leaves the field. */
async function typeAndLeave(user: UserEvent, field: HTMLElement, text: string) {
  await user.clear(field);
  await user.click(field);
  await user.paste(text);
  await user.tab();
}

async function typeDeadline(user: UserEvent, label: Deadline, date: string, time: string) {
  await typeAndLeave(user, dateOf(label), date);
  await typeAndLeave(user, timeOf(label), time);
}

/** Group 7 in its Edit Group form, saved with 200. */
async function openEditGroup(group = buildGroup()) {
  storeSession();
  const fetchMock = stubFetch({
    'GET /api/general': reply(generalRoute, 200, general),
    'GET /api/editgroup/7': reply(editGroupRoute, 200, { data: group }),
    'POST /api/update-group': reply(updateGroupRoute, 200, { message: 'Group updated successfully!', data: { id: 7 } }),
    'GET /api/listofgroups': reply(listGroupsRoute, 200, buildPage([buildGroup()])),
  });
  const { router } = renderApp('/dashboard/update-group/7');
  const user = userEvent.setup();
  expect(await screen.findByRole('heading', { name: 'Deadlines' }, { timeout: 60_000 })).toBeInTheDocument();
  return { user, fetchMock, router };
}

/** Typing three date-times is slow on a loaded machine (never a timed assertion: only room to finish). */
const SLOW = 480_000;

describe('Group form Deadlines (PRODUCT §6)', () => {
  it('when the name deadline is typed after the ticketing deadline, then the rule shows under it as typed and goes when the ticketing deadline moves', async () => {
    const { user } = await openEditGroup();

    // Names after tickets: said under the name deadline as soon as both are typed.
    await typeDeadline(user, 'Ticketing deadline', '15/02/2031', '10:00');
    await typeDeadline(user, 'Name deadline', '20/02/2031', '10:00');
    expect(await screen.findByText(NAME_AFTER_TICKETING_MESSAGE)).toBeInTheDocument();
    expect(dateOf('Name deadline')).toHaveAccessibleDescription(NAME_AFTER_TICKETING_MESSAGE);
    // Equal is allowed; moving the ticketing deadline re-checks the name deadline's message.
    await typeAndLeave(user, dateOf('Ticketing deadline'), '20/02/2031');
    await waitFor(() => expect(screen.queryByText(NAME_AFTER_TICKETING_MESSAGE)).not.toBeInTheDocument());
  }, SLOW);

  it('when a deadline is at the first departure or lacks its time, then it is said as typed and nothing is sent until corrected; the save sends the Pakistan date-times', async () => {
    const { user, fetchMock, router } = await openEditGroup();
    await typeDeadline(user, 'Name deadline', '20/02/2031', '10:00');

    // A deadline at or after the first departure (10 Mar 2031, 03:00 Pakistan time).
    await typeDeadline(user, 'Deposit deadline', '10/03/2031', '03:00');
    const afterDeparture = deadlineAfterDepartureMessage('deposit_deadline');
    expect(await screen.findByText(afterDeparture)).toBeInTheDocument();
    await typeAndLeave(user, timeOf('Deposit deadline'), '02:59');
    await waitFor(() => expect(screen.queryByText(afterDeparture)).not.toBeInTheDocument());

    // A date without its time.
    await user.clear(timeOf('Deposit deadline'));
    await user.tab();
    expect(await screen.findByText('The deposit deadline needs a time.')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);
    await typeAndLeave(user, timeOf('Deposit deadline'), '02:00');
    await waitFor(() => expect(screen.queryByText('The deposit deadline needs a time.')).not.toBeInTheDocument());

    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/groups'));
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body));
    // 02:00 and 10:00 in Pakistan (UTC+05:00).
    expect(body).toMatchObject({
      deposit_deadline: '2031-03-09T21:00:00.000Z',
      name_deadline: '2031-02-20T05:00:00.000Z',
      ticketing_deadline: null,
    });
  }, SLOW);

  it('when a group with deadlines is edited, then they show in Pakistan time, and one cleared is sent as none', async () => {
    // 04:30 UTC is 09:30 in Asia/Karachi.
    const { user, fetchMock, router } = await openEditGroup(
      buildGroup({ name_deadline: '2031-02-20T04:30:00.000Z', ticketing_deadline: '2031-03-01T13:00:00.000Z' }),
    );

    await waitFor(() => expect(dateOf('Name deadline')).toHaveValue('20 Feb 2031'));
    expect(timeOf('Name deadline')).toHaveValue('09:30');
    expect(dateOf('Ticketing deadline')).toHaveValue('01 Mar 2031');
    expect(timeOf('Ticketing deadline')).toHaveValue('18:00');
    expect(dateOf('Deposit deadline')).toHaveValue('');

    await user.clear(dateOf('Ticketing deadline'));
    await user.clear(timeOf('Ticketing deadline'));
    await user.tab();
    await user.click(screen.getByRole('button', { name: 'Save' }));
    await waitFor(() => expect(router.state.location.pathname).toBe('/dashboard/groups'));
    const body = JSON.parse(String(fetchMock.mock.calls.find(([, init]) => init?.method === 'POST')?.[1]?.body));
    expect(body).toMatchObject({ deposit_deadline: null, name_deadline: '2031-02-20T04:30:00.000Z', ticketing_deadline: null });
  }, SLOW);
});
