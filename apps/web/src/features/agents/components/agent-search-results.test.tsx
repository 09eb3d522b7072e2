import { searchAgentByEmailRoute } from '@portal/contract/agents';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildAgent, pendingAgent } from '../testing/agents-fixtures';

describe('Search agents by email, /dashboard/search/{query} (000 §2, 001 §2)', () => {
  it("when agents match the route's query, then they list with e-mail, Agent ID and status, and a name opens the profile view", async () => {
    storeSession();
    const fetchMock = stubFetch({
      'POST /api/searchagentbyemail': reply(searchAgentByEmailRoute, 200, { data: [buildAgent(), pendingAgent()] }),
    });
    renderApp('/dashboard/search/example.com');
    const user = userEvent.setup();

    expect(await screen.findByText('bilal@example.com')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Name', 'Email', 'Agent ID', 'Status', 'Action']);
    const row = screen.getByText('crescent@example.com').closest('tr');
    if (!row) throw new Error('row expected');
    const cells = within(row).getAllByRole('cell');
    expect(cells[0]).toHaveTextContent('Crescent Travel');
    expect(cells.slice(1).map((cell) => cell.textContent)).toEqual(['crescent@example.com', 'Agent-1043', 'pending', '']);
    expect(screen.queryByText('No Agent Found')).not.toBeInTheDocument();
    const call = fetchMock.mock.calls.find(([url]) => String(url) === '/api/searchagentbyemail');
    const body = call?.[1]?.body as FormData;
    expect(body.get('searchquery')).toBe('example.com');

    await user.click(screen.getByRole('button', { name: 'View profile of Bilal Ahmed' }));
    const dialog = await screen.findByRole('dialog', { name: 'Agent Profile' });
    expect(within(dialog).getByText('Agent-1042')).toBeInTheDocument();
  });

  it("when nothing matches, then 'No Agent Found' shows", async () => {
    storeSession();
    stubFetch({ 'POST /api/searchagentbyemail': reply(searchAgentByEmailRoute, 200, { data: [] }) });
    renderApp('/dashboard/search/nobody');
    expect(await screen.findByText('No Agent Found')).toBeInTheDocument();
    expect(screen.getByText('Results for “nobody”')).toBeInTheDocument();
  });

  it('when an agent opens it, then it is not allowed and nothing is asked of the server', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({});
    renderApp('/dashboard/search/bilal');
    expect(await screen.findByText('Not allowed')).toBeInTheDocument();
    expect(fetchMock.mock.calls.filter(([url]) => String(url).includes('searchagentbyemail'))).toHaveLength(0);
  });
});
