import { notifications } from '@mantine/notifications';
import {
  AGENT_APPROVED_MESSAGE,
  AGENT_DELETED_MESSAGE,
  AGENT_REJECTED_MESSAGE,
  approveAgentRoute,
  deleteAgentRoute,
  listAgentsRoute,
  rejectAgentRoute,
  unlockUserRoute,
  USER_UNLOCKED_MESSAGE,
} from '@portal/contract/agents';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';
import { CONFIRM_ACTION_TEXT } from '@/config/constants';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildAgent, pendingAgent, rejectedAgent } from '../testing/agents-fixtures';

type User = ReturnType<typeof userEvent.setup>;

async function menuItemsOf(user: User, name: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  const menu = await screen.findByRole('menu');
  const items = within(menu)
    .getAllByRole('menuitem')
    .map((item) => item.textContent);
  await user.keyboard('{Escape}');
  await waitFor(() => expect(screen.queryByRole('menu')).not.toBeInTheDocument());
  return items;
}

async function chooseFromMenu(user: User, name: string, item: string) {
  await user.click(await screen.findByRole('button', { name: `Actions for ${name}` }));
  await user.click(within(await screen.findByRole('menu')).getByRole('menuitem', { name: item }));
}

const cellsOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`row of ${text} expected`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
};

const calls = (fetchMock: ReturnType<typeof stubFetch>, fragment: string) =>
  fetchMock.mock.calls.filter(([input]) => String(input).includes(fragment));

describe('Agents table (001 §2, §4, §8)', () => {
  // Toasts live in a module-wide store: start every test without the last one's.
  beforeEach(() => notifications.clean());

  it('when an admin opens it, then the rows show Active, pending and rejected and the menu offers Accept only when not approved, Reject only when not rejected', async () => {
    storeSession();
    stubFetch({ 'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([buildAgent(), pendingAgent(), rejectedAgent()])) });
    renderApp('/dashboard/agents');
    const user = userEvent.setup();

    expect(await screen.findByText('Bilal Ahmed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'Agents' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Add New Agent' })).toBeEnabled();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Agency', 'Email', 'Number', 'Credit', 'Status', 'Action']);
    expect(cellsOf('Bilal Ahmed')).toEqual(['Bilal AhmedAgent-1042', 'Bilal Travels', 'bilal@example.com', '+923001112233', 'Unlimited', 'Active', '']);
    expect(cellsOf('Crescent Travel')[5]).toBe('pending');
    expect(cellsOf('Zam Zam Tours')[5]).toBe('rejected');

    expect(await menuItemsOf(user, 'Bilal Ahmed')).toEqual(['View Profile', 'Edit', 'Reject', 'Delete']);
    expect(await menuItemsOf(user, 'Crescent Travel')).toEqual(['View Profile', 'Edit', 'Accept', 'Reject', 'Delete']);
    expect(await menuItemsOf(user, 'Zam Zam Tours')).toEqual(['View Profile', 'Edit', 'Accept', 'Delete']);
  });

  it("when Accept is confirmed, then approve-user is called only after the confirmation, 'User approved successfully!' toasts and the list is asked again", async () => {
    storeSession();
    let listCalls = 0;
    const fetchMock = stubFetch({
      'GET /api/listofagents': () => {
        listCalls += 1;
        const agent = listCalls > 1 ? buildAgent({ ...pendingAgent(), active_status: 'approved' }) : pendingAgent();
        return reply(listAgentsRoute, 200, buildPage([agent]));
      },
      'GET /api/approve-user/13': reply(approveAgentRoute, 200, {
        message: AGENT_APPROVED_MESSAGE,
        data: { ...pendingAgent(), active_status: 'approved' },
      }),
    });
    renderApp('/dashboard/agents');
    const user = userEvent.setup();

    await chooseFromMenu(user, 'Crescent Travel', 'Accept');
    const dialog = await screen.findByRole('dialog', { name: 'Accept Crescent Travel?' });
    expect(within(dialog).getByText(CONFIRM_ACTION_TEXT)).toBeInTheDocument();
    expect(calls(fetchMock, 'approve-user')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Accept' }));

    expect(await screen.findByText(AGENT_APPROVED_MESSAGE)).toBeInTheDocument();
    expect(calls(fetchMock, 'approve-user')).toHaveLength(1);
    // The list shows the new status with the toast (refetched before it, decision 021).
    await waitFor(() => expect(cellsOf('Crescent Travel')[5]).toBe('Active'));
  });

  it("when Reject and Delete are confirmed, then the server's messages toast; a refusal toasts the server's message", async () => {
    storeSession();
    let rejectStatus = 200;
    stubFetch({
      'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([buildAgent()])),
      'GET /api/reject-user/12': () =>
        rejectStatus === 200
          ? reply(rejectAgentRoute, 200, { message: AGENT_REJECTED_MESSAGE, data: buildAgent({ active_status: 'rejected' }) })
          : reply(rejectAgentRoute, 409, { message: 'This agent is already rejected.' }),
      'GET /api/deleteagent/12': reply(deleteAgentRoute, 200, { message: AGENT_DELETED_MESSAGE }),
    });
    renderApp('/dashboard/agents');
    const user = userEvent.setup();

    await chooseFromMenu(user, 'Bilal Ahmed', 'Reject');
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject Bilal Ahmed?' })).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText(AGENT_REJECTED_MESSAGE)).toBeInTheDocument();

    rejectStatus = 409;
    await chooseFromMenu(user, 'Bilal Ahmed', 'Reject');
    await user.click(within(await screen.findByRole('dialog', { name: 'Reject Bilal Ahmed?' })).getByRole('button', { name: 'Reject' }));
    expect(await screen.findByText('This agent is already rejected.')).toBeInTheDocument();

    await chooseFromMenu(user, 'Bilal Ahmed', 'Delete');
    const dialog = await screen.findByRole('dialog', { name: 'Delete Bilal Ahmed?' });
    expect(within(dialog).getByText(CONFIRM_ACTION_TEXT)).toBeInTheDocument();
    await user.click(within(dialog).getByRole('button', { name: 'Delete' }));
    expect(await screen.findByText(AGENT_DELETED_MESSAGE)).toBeInTheDocument();
  });

  it('when View Profile is chosen, then the modal shows the picture, Agent-{agent_id}, contact and office details and the join date in Karachi', async () => {
    storeSession();
    stubFetch({ 'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([buildAgent()])) });
    renderApp('/dashboard/agents');
    const user = userEvent.setup();

    await chooseFromMenu(user, 'Bilal Ahmed', 'View Profile');
    const dialog = await screen.findByRole('dialog', { name: 'Agent Profile' });
    expect(within(dialog).getByRole('heading', { name: 'Bilal Ahmed' })).toBeInTheDocument();
    expect(within(dialog).getByRole('img', { name: 'Bilal Ahmed picture' })).toHaveAttribute('src', buildAgent().image);
    for (const text of ['Agent-1042', 'bilal@example.com', 'Bilal Travels', '+923001112233', '042-111222', '12 Mall Road', 'Lahore', 'Pakistan']) {
      expect(within(dialog).getByText(text)).toBeInTheDocument();
    }
    // 21:30 UTC on 15 Jan is already 16 Jan in Asia/Karachi (PRODUCT §3).
    expect(within(dialog).getByText('16 Jan 2031')).toBeInTheDocument();
  });

  it("when an agent is locked after wrong passwords, then a 'Locked' badge and an Unlock item show for it only; Unlock posts its id and the list refreshes", async () => {
    storeSession();
    const lockedUntil = new Date(Date.now() + 15 * 60_000).toISOString();
    let unlocked = false;
    const fetchMock = stubFetch({
      'GET /api/listofagents': () =>
        reply(listAgentsRoute, 200, buildPage([buildAgent({ locked_until: unlocked ? null : lockedUntil }), pendingAgent()])),
      'POST /api/unlock-user': () => {
        unlocked = true;
        return reply(unlockUserRoute, 200, { message: USER_UNLOCKED_MESSAGE });
      },
    });
    renderApp('/dashboard/agents');
    const user = userEvent.setup();

    expect(await screen.findByText('Bilal Ahmed')).toBeInTheDocument();
    expect(cellsOf('Bilal Ahmed')[5]).toBe('ActiveLocked');
    expect(cellsOf('Crescent Travel')[5]).toBe('pending');
    expect(await menuItemsOf(user, 'Bilal Ahmed')).toEqual(['View Profile', 'Edit', 'Unlock', 'Reject', 'Delete']);
    expect(await menuItemsOf(user, 'Crescent Travel')).toEqual(['View Profile', 'Edit', 'Accept', 'Reject', 'Delete']);

    await chooseFromMenu(user, 'Bilal Ahmed', 'Unlock');
    const dialog = await screen.findByRole('dialog', { name: 'Unlock Bilal Ahmed?' });
    expect(calls(fetchMock, 'unlock-user')).toHaveLength(0);
    await user.click(within(dialog).getByRole('button', { name: 'Unlock' }));

    expect(await screen.findByText(USER_UNLOCKED_MESSAGE)).toBeInTheDocument();
    const [, init] = calls(fetchMock, 'unlock-user')[0]!;
    expect(JSON.parse(String(init?.body))).toEqual({ id: 12 });
    await waitFor(() => expect(cellsOf('Bilal Ahmed')[5]).toBe('Active'));
    expect(await menuItemsOf(user, 'Bilal Ahmed')).toEqual(['View Profile', 'Edit', 'Reject', 'Delete']);
  });

  it("when a lock's time has passed, then neither the badge nor Unlock shows", async () => {
    storeSession();
    stubFetch({
      'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([buildAgent({ locked_until: new Date(Date.now() - 1000).toISOString() })])),
    });
    renderApp('/dashboard/agents');
    const user = userEvent.setup();
    expect(await screen.findByText('Bilal Ahmed')).toBeInTheDocument();
    expect(cellsOf('Bilal Ahmed')[5]).toBe('Active');
    expect(await menuItemsOf(user, 'Bilal Ahmed')).toEqual(['View Profile', 'Edit', 'Reject', 'Delete']);
  });

  it("when there are no agents, then 'No Agent Found' shows", async () => {
    storeSession();
    stubFetch({ 'GET /api/listofagents': reply(listAgentsRoute, 200, buildPage([])) });
    renderApp('/dashboard/agents');
    expect(await screen.findByText('No Agent Found')).toBeInTheDocument();
  });

  it('when the admin types a search and picks a status, then listofagents is asked with both from page 1 and the address keeps them (issue 21 §7)', async () => {
    storeSession();
    const queries: URLSearchParams[] = [];
    stubFetch({
      'GET /api/listofagents': ({ url }) => {
        const query = new URL(url, 'http://localhost').searchParams;
        queries.push(query);
        return reply(listAgentsRoute, 200, buildPage(query.get('status') === 'pending' ? [pendingAgent()] : [buildAgent(), pendingAgent()]));
      },
    });
    const { router } = renderApp('/dashboard/agents');
    const user = userEvent.setup();
    expect(await screen.findByText('Bilal Ahmed')).toBeInTheDocument();

    const filters = screen.getByRole('search', { name: 'Search agents' });
    await user.type(within(filters).getByRole('textbox', { name: 'Search agents' }), 'crescent');
    await waitFor(() => expect(router.state.location.search).toBe('?search=crescent'));
    await user.click(within(filters).getByRole('combobox', { name: 'Status' }));
    expect((await screen.findAllByRole('option')).map((option) => option.textContent)).toEqual(['All statuses', 'Pending', 'Active', 'Rejected']);
    await user.click(screen.getByRole('option', { name: 'Pending' }));

    await waitFor(() => expect(screen.queryByText('Bilal Ahmed')).not.toBeInTheDocument());
    expect(router.state.location.search).toBe('?search=crescent&status=pending');
    expect([queries.at(-1)?.get('search'), queries.at(-1)?.get('status'), queries.at(-1)?.get('page')]).toEqual(['crescent', 'pending', '1']);
  });

  it('when the Agents page opens on an address with a search and a status, then the fields show them and the list is asked with them', async () => {
    storeSession();
    const queries: URLSearchParams[] = [];
    stubFetch({
      'GET /api/listofagents': ({ url }) => {
        queries.push(new URL(url, 'http://localhost').searchParams);
        return reply(listAgentsRoute, 200, buildPage([rejectedAgent()]));
      },
    });
    renderApp('/dashboard/agents?search=zam&status=rejected');
    expect(await screen.findByText('Zam Zam Tours')).toBeInTheDocument();
    expect(screen.getByRole('textbox', { name: 'Search agents' })).toHaveValue('zam');
    expect(screen.getByRole('combobox', { name: 'Status' })).toHaveValue('Rejected');
    expect(queries.map((query) => [query.get('search'), query.get('status')])).toEqual([['zam', 'rejected']]);
  });
});
