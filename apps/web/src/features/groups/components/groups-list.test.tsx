import { GROUP_CLOSED_MESSAGE, listGroupHistoryRoute, listGroupsRoute, updateGroupStatusRoute } from '@portal/contract/groups';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildGroup, buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';

describe('Groups list (001 §2)', () => {
  it("when there are no groups, then 'Groups : 0' and 'No Group Found' show", async () => {
    storeSession();
    stubFetch({ 'GET /api/listofgroups': reply(listGroupsRoute, 200, buildPage([])) });
    renderApp('/dashboard/groups');
    expect(await screen.findByText('No Group Found')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Groups : 0' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Add New Group' })).toHaveAttribute('href', '/dashboard/addnewgroup');
  });

  it('when Close Group is clicked, then the confirmation text shows before anything is sent', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/listofgroups': reply(listGroupsRoute, 200, buildPage([buildGroup()])),
      'POST /api/update-group-status': reply(updateGroupStatusRoute, 200, { message: GROUP_CLOSED_MESSAGE }),
    });
    renderApp('/dashboard/groups');
    const user = userEvent.setup();

    const row = (await screen.findByText('ABC123')).closest('tr');
    if (!row) throw new Error('row expected');
    expect(within(row).getByText('PKR 145,000')).toBeInTheDocument();
    expect(within(row).getByText('DXB - JED')).toBeInTheDocument();
    expect(within(row).getByText('DXB - LHE')).toBeInTheDocument();
    expect(within(row).getByText('Open')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Groups : 1' })).toBeInTheDocument();

    await user.click(within(row).getByRole('button', { name: 'Close Group' }));
    const dialog = await screen.findByRole('dialog');
    expect(within(dialog).getByText(CONFIRM_ACTION_TEXT)).toBeInTheDocument();
    expect(fetchMock.mock.calls.some(([, init]) => init?.method === 'POST')).toBe(false);

    await user.click(within(dialog).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(GROUP_CLOSED_MESSAGE)).toBeInTheDocument();
    const post = fetchMock.mock.calls.find(([, init]) => init?.method === 'POST');
    expect(JSON.parse(String(post?.[1]?.body))).toEqual({ group_id: 7, close_status: 1 });
  });

  it('when a PNR is searched, then the shown rows stay mounted until the answer replaces them, so a row action in flight still toasts', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/listofgroups': ({ url }) =>
        reply(
          listGroupsRoute,
          200,
          new URL(url, 'http://localhost').searchParams.get('pnr') === 'ABC123'
            ? buildPage([buildGroup({ price: 150000 })])
            : buildPage([buildGroup(), buildGroup({ id: 8, pnr: 'XYZ789' })]),
        ),
      'POST /api/update-group-status': reply(updateGroupStatusRoute, 200, { message: GROUP_CLOSED_MESSAGE }),
    });
    renderApp('/dashboard/groups');
    const user = userEvent.setup();

    const row = (await screen.findByText('ABC123')).closest('tr');
    if (!row) throw new Error('row expected');
    await user.click(within(row).getByRole('button', { name: 'Close Group' }));
    await user.type(screen.getByLabelText('Search by PNR'), 'ABC123');
    // The searched answer arrives while the confirmation is open: same row, new fare.
    expect(await within(row).findByText('PKR 150,000')).toBeInTheDocument();
    expect(screen.queryByText('XYZ789')).not.toBeInTheDocument();
    expect(row.isConnected).toBe(true);
    expect(fetchMock.mock.calls.some(([input]) => String(input).includes('pnr=ABC123'))).toBe(true);

    await user.click(within(await screen.findByRole('dialog')).getByRole('button', { name: 'Yes' }));
    expect(await screen.findByText(GROUP_CLOSED_MESSAGE)).toBeInTheDocument();
  });

  it('when a PNR is typed and a date picked, then the address keeps both; opened again from it, the fields and the query show them (issue 21 §7)', async () => {
    storeSession();
    const queries: URLSearchParams[] = [];
    stubFetch({
      'GET /api/listofgroups': ({ url }) => {
        queries.push(new URL(url, 'http://localhost').searchParams);
        return reply(listGroupsRoute, 200, buildPage([buildGroup()]));
      },
    });
    const { router } = renderApp('/dashboard/groups');
    const user = userEvent.setup();
    expect(await screen.findByText('ABC123')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Search by PNR'), 'abc');
    await waitFor(() => expect(router.state.location.search).toBe('?pnr=abc'));
    await waitFor(() => expect(queries.at(-1)?.get('pnr')).toBe('abc'));
  });

  it('when Closed Groups opens on an address with a PNR and a date, then the fields and the query show them (issue 21 §7)', async () => {
    storeSession();
    const queries: URLSearchParams[] = [];
    stubFetch({
      'GET /api/listofgrouphistory': ({ url }) => {
        queries.push(new URL(url, 'http://localhost').searchParams);
        return reply(listGroupHistoryRoute, 200, buildPage([buildGroup({ close_status: 1 })]));
      },
    });
    renderApp('/dashboard/groups-history?pnr=XYZ&date=2031-03-10');
    expect(await screen.findByText('ABC123')).toBeInTheDocument();
    expect(screen.getByLabelText('Search by PNR')).toHaveValue('XYZ');
    expect(screen.getByRole('button', { name: 'Search by date' })).toHaveTextContent('10 Mar 2031');
    expect(queries.map((query) => [query.get('pnr'), query.get('date')])).toEqual([['XYZ', '2031-03-10']]);
  });

  it('when the list opens with ?saved={id} and that group is on page 2, then page 2 is loaded, the row is scrolled into view and marked Saved for a few seconds (issue 21 §9)', async () => {
    storeSession();
    const scrolled = vi.spyOn(window.HTMLElement.prototype, 'scrollIntoView');
    const firstPage = Array.from({ length: 20 }, (_, index) => buildGroup({ id: 100 + index, pnr: `P${100 + index}` }));
    const fetchMock = stubFetch({
      'GET /api/listofgroups': ({ url }) =>
        new URL(url, 'http://localhost').searchParams.get('page') === '2'
          ? reply(listGroupsRoute, 200, buildPage([buildGroup({ id: 42, pnr: 'NEW42' })], { page: 2, total: 21 }))
          : reply(listGroupsRoute, 200, buildPage(firstPage, { total: 21, hasNext: true })),
    });
    renderApp('/dashboard/groups?saved=42');

    const row = (await screen.findByText('NEW42')).closest('tr');
    await waitFor(() => expect(row).toHaveAttribute('data-highlighted'));
    expect(within(row!).getByText('Saved')).toBeInTheDocument();
    expect(scrolled.mock.contexts).toContain(row);
    expect(screen.getByText('P100').closest('tr')).not.toHaveAttribute('data-highlighted');
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('listofgroups'))).toHaveLength(2);

    await waitFor(() => expect(row).not.toHaveAttribute('data-highlighted'), { timeout: 6000 });
    expect(within(row!).queryByText('Saved')).not.toBeInTheDocument();
  });
  it("when groups have deadlines, then the Deadlines column lists each one set in Pakistan time, and 'None' for a group without (PRODUCT §6)", async () => {
    storeSession();
    stubFetch({
      'GET /api/listofgroups': reply(
        listGroupsRoute,
        200,
        buildPage([
          buildGroup({
            // UTC instants: 05:00 UTC is 10:00 AM in Asia/Karachi.
            deposit_deadline: '2031-02-01T05:00:00.000Z',
            name_deadline: '2031-02-20T04:30:00.000Z',
            ticketing_deadline: '2031-03-01T13:00:00.000Z',
          }),
          buildGroup({ id: 8, pnr: 'XYZ789' }),
        ]),
      ),
    });
    renderApp('/dashboard/groups');

    const row = (await screen.findByText('ABC123')).closest('tr');
    const other = screen.getByText('XYZ789').closest('tr');
    if (!row || !other) throw new Error('rows expected');
    const headers = within(screen.getByRole('table', { name: 'Groups' })).getAllByRole('columnheader').map((cell) => cell.textContent);
    const column = headers.indexOf('Deadlines');
    expect(column).toBeGreaterThan(0);
    const cell = within(row).getAllByRole('cell')[column];
    expect(cell).toHaveTextContent('Deposit 01 Feb 2031, 10:00 AM');
    expect(cell).toHaveTextContent('Names 20 Feb 2031, 09:30 AM');
    expect(cell).toHaveTextContent('Ticketing 01 Mar 2031, 06:00 PM');
    expect(within(other).getAllByRole('cell')[column]).toHaveTextContent(/^None$/);
  });
});
