import { notifications } from '@mantine/notifications';
import { accountReportRoute, agentsBalanceRoute } from '@portal/contract/ledger';
import { act, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubDownloads } from '@/testing/download-stub';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildAccountReport, buildBalancePage, buildBalanceRow } from '../testing/ledger-fixtures';

// Issue 21 §7, §8 (decision 022): the ledger's agent and range live in the address; Agents Balance rows open an
// agent's ledger; the ledger downloads as xlsx for the same agent and range.

const agentSession = () => buildSession({ role: 'user', name: 'Bilal Ahmed', agent_id: 1042, user_id: 12, email: 'agent@example.com' });
const formOf = (body: unknown) => Object.fromEntries((body as FormData).entries());

function stubLedger(extra: Parameters<typeof stubFetch>[0] = {}) {
  const bodies: Array<Record<string, FormDataEntryValue>> = [];
  stubFetch({
    'POST /api/account-api': ({ body }) => {
      bodies.push(formOf(body));
      return reply(accountReportRoute, 200, buildAccountReport());
    },
    ...extra,
  });
  return bodies;
}

describe('Ledger in the address (issue 21 §7, §8)', () => {
  beforeEach(() => notifications.clean());
  afterEach(() => vi.restoreAllMocks());

  it("when an admin clicks an agent's row on Agents Balance, then that agent's ledger opens at once, the picker naming the agent", async () => {
    storeSession();
    const bodies = stubLedger({
      'GET /api/allagentsbalancelist': reply(agentsBalanceRoute, 200, buildBalancePage([buildBalanceRow({ agent_id: 1042, name: 'Bilal Travels' })])),
    });
    const { router } = renderApp('/dashboard/agents-blnc');
    const user = userEvent.setup();

    expect(await screen.findByRole('link', { name: 'Ledger of Bilal Travels (Agent-1042)' })).toHaveAttribute(
      'href',
      '/dashboard/accounts?agent_id=1042',
    );
    // A click on the row, not only on the name, opens the ledger.
    await user.click(screen.getByText('PKR 180,000'));
    await waitFor(() => expect(router.state.location.pathname + router.state.location.search).toBe('/dashboard/accounts?agent_id=1042'));

    expect(await screen.findByRole('heading', { name: 'Agent Ledger' })).toBeInTheDocument();
    await screen.findByRole('table', { name: 'Ledger' });
    expect(bodies).toEqual([{ agent_id: '1042', type: 'all' }]);
    await waitFor(() => expect(screen.getByRole('combobox', { name: 'Agent' })).toHaveValue('Bilal Travels (Agent-1042)'));

    // Back returns to the balance report.
    await act(() => router.navigate(-1));
    expect(await screen.findByRole('heading', { name: 'Balance Report' })).toBeInTheDocument();
  });

  it('when an agent shows a date range and leaves for a booking, then Back shows the same range again', async () => {
    storeSession(agentSession());
    const bodies = stubLedger();
    const { router } = renderApp('/dashboard/accounts?from=2031-03-01&to=2031-03-05');

    await screen.findByRole('table', { name: 'Ledger' });
    expect(bodies).toEqual([{ agent_id: '1042', type: 'date', from: '2031-03-01', to: '2031-03-05' }]);
    expect(screen.getByRole('radio', { name: 'Date' })).toBeChecked();
    expect(screen.getByRole('button', { name: 'From' })).toHaveTextContent('01 Mar 2031');

    await act(() => router.navigate('/dashboard/my-profile'));
    await act(() => router.navigate(-1));
    expect(router.state.location.search).toBe('?from=2031-03-01&to=2031-03-05');
    await waitFor(() => expect(screen.getByRole('button', { name: 'To' })).toHaveTextContent('05 Mar 2031'));
  });

  it('when an agent picks a range and presses Show ledger, then the address takes it', async () => {
    storeSession(agentSession());
    stubLedger();
    const { router } = renderApp('/dashboard/accounts?from=2031-03-01&to=2031-03-05');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Ledger' });

    await user.click(screen.getByRole('radio', { name: 'All' }));
    await user.click(screen.getByRole('button', { name: 'Show ledger' }));
    await waitFor(() => expect(router.state.location.search).toBe(''));
  });

  it('when Download xlsx is pressed on a ledger, then account-report-xlsx is asked for the same agent and range and saved', async () => {
    storeSession();
    stubLedger();
    renderApp('/dashboard/accounts?agent_id=1042&from=2031-03-01&to=2031-03-05');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Ledger' });

    const { downloads, names } = stubDownloads({
      path: '/api/account-report-xlsx',
      fileName: 'ledger-Agent-1042-2031-03-01-to-2031-03-05.xlsx',
    });

    await user.click(screen.getByRole('button', { name: 'Download xlsx' }));
    await waitFor(() => expect(names).toEqual(['ledger-Agent-1042-2031-03-01-to-2031-03-05.xlsx']));
    expect(downloads.map(({ url }) => url)).toEqual(['/api/account-report-xlsx?agent_id=1042&type=date&from=2031-03-01&to=2031-03-05']);
  });
});
