import { listUsersRoute } from '@portal/contract/agents';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildUserRow } from '../testing/agents-fixtures';

const cellsOf = (text: string) => {
  const row = within(screen.getByRole('table')).getByText(text).closest('tr');
  if (!row) throw new Error(`row of ${text} expected`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
};

describe('All Users (001 §2)', () => {
  it('when an admin opens it, then each user shows its fields; Next appends page 2 below page 1', async () => {
    storeSession();
    const lockedUntil = new Date(Date.now() + 30 * 60_000).toISOString();
    const admin = buildUserRow({ id: 1, name: 'Ayesha Khan', email: 'admin@example.com', role: 'admin', agent_id: null, agent: null, locked_until: lockedUntil });
    const pending = buildUserRow({ id: 13, name: 'Crescent Travel', email: 'crescent@example.com', active_status: 'pending', agent_id: 1043, agent: { agency_name: 'Crescent Travel Co' } });
    const fetchMock = stubFetch({
      'GET /api/listofusers': ({ url }) =>
        new URL(url, 'http://localhost').searchParams.get('page') === '2'
          ? reply(listUsersRoute, 200, buildPage([pending], { page: 2, total: 3, perPage: 2 }))
          : reply(listUsersRoute, 200, buildPage([buildUserRow(), admin], { total: 3, perPage: 2, hasNext: true })),
    });
    renderApp('/dashboard/users');
    const user = userEvent.setup();

    expect(await screen.findByText('Bilal Ahmed')).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'All Users' })).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Image', 'Name', 'Email', 'Role', 'Status', 'Created', 'Agent Id', 'Agency',
    ]);
    // created_at 21:30 UTC on 15 Jan is 16 Jan in Karachi.
    expect(cellsOf('Bilal Ahmed').slice(1)).toEqual(['Bilal Ahmed', 'bilal@example.com', 'Agent', 'Active', '16 Jan 2031', 'Agent-1042', 'Bilal Travels']);
    // A locked account (decision 018) shows 'Locked' beside its status.
    expect(cellsOf('Ayesha Khan').slice(1)).toEqual(['Ayesha Khan', 'admin@example.com', 'Admin', 'ActiveLocked', '16 Jan 2031', 'N/A', 'N/A']);
    expect(screen.getByTestId('pager-count')).toHaveTextContent('2 of 3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Crescent Travel')).toBeInTheDocument();
    expect(cellsOf('Crescent Travel')[4]).toBe('pending');
    expect(within(screen.getByRole('table')).getByText('Bilal Ahmed')).toBeInTheDocument();
    expect(screen.getByTestId('pager-count')).toHaveTextContent('3 of 3');
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/listofusers?page=1', '/api/listofusers?page=2']);
  });
});
