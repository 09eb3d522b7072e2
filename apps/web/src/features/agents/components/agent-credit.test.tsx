import { myProfileRoute } from '@portal/contract/agents';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildAgent } from '../testing/agents-fixtures';

/** PRODUCT §6: the agent's header shows its balance and, with a limit, its available credit. */
describe("the agent's credit in the header", () => {
  it('when the agent has a limit, then its balance and available credit show (full amounts and the phone shortening)', async () => {
    storeSession(agentSession());
    stubFetch({
      'GET /api/my-profile': reply(myProfileRoute, 200, {
        data: { ...buildAgent({ credit_limit: 1_000_000, balance: 250_000, available_credit: 650_000 }), share_markup: 0 },
      }),
    });
    renderApp('/dashboard/my-profile');
    const credit = await screen.findByRole('group', { name: 'Your credit' });
    expect(within(credit).getAllByText('PKR 250,000')[0]).toBeInTheDocument();
    expect(within(credit).getByText('PKR 650,000')).toBeInTheDocument();
    expect(within(credit).getByLabelText('Available credit: PKR 650,000')).toHaveTextContent('Avail PKR 650K');
    expect(within(credit).getByLabelText('Balance: PKR 250,000')).toHaveTextContent('Bal PKR 250K');
  });

  it('when the agent has no limit, then only the balance shows', async () => {
    storeSession(agentSession());
    stubFetch({
      'GET /api/my-profile': reply(myProfileRoute, 200, { data: { ...buildAgent({ balance: 40_000 }), share_markup: 0 } }),
    });
    renderApp('/dashboard/my-profile');
    const credit = await screen.findByRole('group', { name: 'Your credit' });
    expect(within(credit).getByText('PKR 40,000')).toBeInTheDocument();
    expect(within(credit).queryByText(/Available credit/)).not.toBeInTheDocument();
  });

  it('when an admin is signed in, then no credit shows in the header', async () => {
    storeSession();
    stubFetch({});
    renderApp('/dashboard');
    await screen.findByRole('search');
    expect(screen.queryByRole('group', { name: 'Your credit' })).not.toBeInTheDocument();
  });
});
