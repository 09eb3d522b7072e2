import { agentsBalanceRoute, NO_BALANCE_RECORD_TEXT } from '@portal/contract/ledger';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { stubDownloads } from '@/testing/download-stub';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildBalancePage, buildBalanceRow } from '../testing/ledger-fixtures';

const cellsOf = (text: string) => {
  const row = screen.getByText(text).closest('tr');
  if (!row) throw new Error(`row of ${text} expected`);
  return within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);
};

describe('Agents Balance (001 §2)', () => {
  it("when an admin opens it, then the 'Balance Report' lists each agent as Agent-{id} with last payment and balance, paged", async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/allagentsbalancelist': ({ url }) =>
        new URL(url, 'http://localhost').searchParams.get('page') === '2'
          ? reply(agentsBalanceRoute, 200, buildBalancePage([buildBalanceRow({ agent_id: 1003, name: 'Zam Zam Tours', last_paid: null, balance: -5000 })], { page: 2, total: 3, perPage: 2 }))
          : reply(
              agentsBalanceRoute,
              200,
              buildBalancePage(
                [buildBalanceRow(), buildBalanceRow({ agent_id: 1002, name: 'Crescent Travel', last_paid: '2031-02-20', balance: 0 })],
                { total: 3, perPage: 2, hasNext: true },
              ),
            ),
    });
    renderApp('/dashboard/agents-blnc');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Balance Report' })).toBeInTheDocument();
    expect(await screen.findByText('Agent-1001')).toBeInTheDocument();
    expect(screen.getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual(['Sr. #', 'Agent Id', 'Agent', 'Last Paid', 'Balance']);
    expect(cellsOf('Agent-1001')).toEqual(['1', 'Agent-1001', 'Bilal Travels', '02 Mar 2031', 'PKR 180,000']);
    expect(cellsOf('Agent-1002')).toEqual(['2', 'Agent-1002', 'Crescent Travel', '20 Feb 2031', 'PKR 0']);
    expect(screen.getByTestId('pager-count')).toHaveTextContent('2 of 3');

    await user.click(screen.getByRole('button', { name: 'Next' }));
    expect(await screen.findByText('Agent-1003')).toBeInTheDocument();
    expect(cellsOf('Agent-1003')).toEqual(['3', 'Agent-1003', 'Zam Zam Tours', 'N/A', 'PKR -5,000']);
    expect(fetchMock.mock.calls.map(([url]) => String(url))).toEqual(['/api/allagentsbalancelist?page=1', '/api/allagentsbalancelist?page=2']);
  });

  it("when there are no agents, then 'No Record found.' shows", async () => {
    storeSession();
    stubFetch({ 'GET /api/allagentsbalancelist': reply(agentsBalanceRoute, 200, buildBalancePage([])) });
    renderApp('/dashboard/agents-blnc');
    expect(await screen.findByText(NO_BALANCE_RECORD_TEXT)).toBeInTheDocument();
  });

  it('when Download xlsx is pressed, then the whole report is asked for with the token and saved under the name the server gives', async () => {
    storeSession();
    stubFetch({ 'GET /api/allagentsbalancelist': reply(agentsBalanceRoute, 200, buildBalancePage([buildBalanceRow()])) });
    renderApp('/dashboard/agents-blnc');
    expect(await screen.findByText('Agent-1001')).toBeInTheDocument();
    const { downloads, names, saved } = stubDownloads({ path: '/api/agents-balance-xlsx', fileName: 'agents-balance-2031-03-02.xlsx' });

    await userEvent.setup().click(screen.getByRole('button', { name: 'Download xlsx' }));
    await waitFor(() => expect(names).toEqual(['agents-balance-2031-03-02.xlsx']));
    // Every agent, not the page on screen: no page is sent.
    expect(downloads.map(({ url }) => url)).toEqual(['/api/agents-balance-xlsx']);
    expect(downloads[0]?.headers.get('authorization')).toMatch(/^Bearer /);
    expect(await saved[0]?.text()).toBe('xlsx bytes');
  });
});
