import { searchAgentRoute } from '@portal/contract/bookings';
import { accountReportRoute, NO_AGENT_FOUND_TEXT, NO_LEDGER_RECORD_TEXT } from '@portal/contract/ledger';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { dayjs } from '@/lib/format';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildAccountReport } from '../testing/ledger-fixtures';

const agentSession = () => buildSession({ role: 'user', name: 'Bilal Ahmed', agent_id: 1042, user_id: 12, email: 'agent@example.com' });

const ledgerRow = (text: string) => {
  const row = within(screen.getByRole('table', { name: 'Ledger' })).getByText(text).closest('tr');
  if (!row) throw new Error(`row of ${text} expected`);
  return row;
};
/** Debit, Credit and Balance of a row: its last three cells. */
const amountsOf = (text: string) =>
  within(ledgerRow(text))
    .getAllByRole('cell')
    .slice(-3)
    .map((cell) => cell.textContent);
/** The opening row spans the description to the amounts: its last cell is the balance. */
const openingBalance = () => within(ledgerRow('Opening Balance')).getAllByRole('cell').at(-1)?.textContent;

const formOf = (body: unknown) => Object.fromEntries((body as FormData).entries());

describe('My Ledger (001 §2 Accounts, role user)', () => {
  it('when an agent opens it, then its own report loads at once without an agent picker, out is a debit and in and reversal are credits', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({ 'POST /api/account-api': reply(accountReportRoute, 200, buildAccountReport()) });
    renderApp('/dashboard/accounts');

    expect(await screen.findByRole('heading', { name: 'My Ledger' })).toBeInTheDocument();
    expect(screen.queryByRole('combobox', { name: 'Agent' })).not.toBeInTheDocument();
    await screen.findByRole('table', { name: 'Ledger' });
    expect(formOf(fetchMock.mock.calls[0]?.[1]?.body)).toEqual({ agent_id: '1042', type: 'all' });

    expect(within(screen.getByRole('table', { name: 'Ledger' })).getAllByRole('columnheader').map((cell) => cell.textContent)).toEqual([
      'Date', 'Description', 'PNR', 'Debit', 'Credit', 'Balance',
    ]);
    expect(openingBalance()).toBe('PKR 0');
    expect(amountsOf('Booking #5 confirmed')).toEqual(['PKR 280,000', '', 'PKR 280,000']);
    expect(amountsOf('Cash at office')).toEqual(['', 'PKR 100,000', 'PKR 230,000']);
    expect(amountsOf('Booking #9 cancelled')).toEqual(['', 'PKR 50,000', 'PKR 180,000']);
    expect(amountsOf('Closing Balance')).toEqual(['PKR 330,000', 'PKR 150,000', 'PKR 180,000']);

    // Agents see the PNR as text; the booking itself opens for them.
    const charged = within(ledgerRow('Booking #5 confirmed'));
    expect(charged.getByText('ABC123')).toBeInTheDocument();
    expect(charged.queryByRole('link', { name: 'ABC123' })).not.toBeInTheDocument();
    expect(charged.getByRole('link', { name: 'Booking #5' })).toHaveAttribute('href', '/dashboard/book/5');
  });

  it("when the range has no rows, then 'No Record found' shows with the opening and closing balances", async () => {
    storeSession(agentSession());
    stubFetch({
      'POST /api/account-api': reply(accountReportRoute, 200, buildAccountReport({ rows: [], opening_balance: 5000, closing_balance: 5000 })),
    });
    renderApp('/dashboard/accounts');
    expect(await screen.findByText(NO_LEDGER_RECORD_TEXT)).toBeInTheDocument();
    expect(openingBalance()).toBe('PKR 5,000');
    expect(amountsOf('Closing Balance')).toEqual(['PKR 0', 'PKR 0', 'PKR 5,000']);
  });

  it('when type date is chosen, then Show ledger stays disabled until From and To are both set, and both are sent', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({ 'POST /api/account-api': reply(accountReportRoute, 200, buildAccountReport()) });
    renderApp('/dashboard/accounts');
    const user = userEvent.setup();
    await screen.findByRole('table', { name: 'Ledger' });
    const show = screen.getByRole('button', { name: 'Show ledger' });
    expect(show).toBeEnabled();

    await user.click(screen.getByRole('radio', { name: 'Date' }));
    expect(show).toBeDisabled();
    // An empty picker opens on the browser's current month.
    const month = dayjs().startOf('month');
    await user.click(screen.getByRole('button', { name: 'From' }));
    await user.click(await screen.findByRole('button', { name: month.format('D MMMM YYYY') }));
    expect(show).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'To' }));
    await user.click(await screen.findByRole('button', { name: month.add(1, 'day').format('D MMMM YYYY') }));
    expect(show).toBeEnabled();

    await user.click(show);
    await waitFor(() => expect(fetchMock).toHaveBeenCalledTimes(2));
    expect(formOf(fetchMock.mock.calls[1]?.[1]?.body)).toEqual({
      agent_id: '1042',
      type: 'date',
      from: month.format('YYYY-MM-DD'),
      to: month.add(1, 'day').format('YYYY-MM-DD'),
    });
  });
});

describe('Agent Ledger (001 §2 Accounts, admin)', () => {
  it("when an admin searches for an agent that does not exist, then 'No Agent Found' shows and Show ledger stays disabled", async () => {
    storeSession();
    const fetchMock = stubFetch({ 'POST /api/searchagent': reply(searchAgentRoute, 200, { data: [] }) });
    renderApp('/dashboard/accounts');
    const user = userEvent.setup();

    expect(await screen.findByRole('heading', { name: 'Agent Ledger' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Show ledger' })).toBeDisabled();
    // Nothing is searched, or reported, before a query is typed.
    expect(fetchMock).not.toHaveBeenCalled();

    await user.type(screen.getByRole('combobox', { name: 'Agent' }), 'zzz');
    const queries = () => fetchMock.mock.calls.map(([, init]) => (JSON.parse(String(init?.body)) as { searchquery: string }).searchquery);
    // A slow machine may answer 'z' (also no agent) before 'zzz' is asked: the answer to the whole query is awaited.
    await waitFor(() => expect(queries().at(-1)).toBe('zzz'));
    expect(await screen.findByText(NO_AGENT_FOUND_TEXT)).toBeInTheDocument();
    expect(queries().every((query) => query !== '')).toBe(true);
    expect(screen.getByRole('button', { name: 'Show ledger' })).toBeDisabled();
  });

  it("when an admin picks an agent and shows the ledger, then that agent's report shows with PNR links", async () => {
    storeSession();
    const fetchMock = stubFetch({
      'POST /api/searchagent': reply(searchAgentRoute, 200, {
        data: [{ id: 12, name: 'Bilal Ahmed', agent_id: 1042, agency_name: 'Bilal Travels' }],
      }),
      'POST /api/account-api': reply(accountReportRoute, 200, buildAccountReport()),
    });
    renderApp('/dashboard/accounts');
    const user = userEvent.setup();

    await user.type(await screen.findByRole('combobox', { name: 'Agent' }), 'Bilal');
    await user.click(await screen.findByRole('option', { name: 'Bilal Travels (Agent-1042)' }));
    await user.click(screen.getByRole('button', { name: 'Show ledger' }));

    await screen.findByRole('table', { name: 'Ledger' });
    const report = fetchMock.mock.calls.find(([url]) => String(url).endsWith('/api/account-api'));
    expect(formOf(report?.[1]?.body)).toEqual({ agent_id: '1042', type: 'all' });
    expect(within(ledgerRow('Booking #5 confirmed')).getByRole('link', { name: 'ABC123' })).toHaveAttribute('href', '/dashboard/pnr/ABC123');
    expect(within(ledgerRow('Booking #5 confirmed')).getByRole('link', { name: 'Booking #5' })).toHaveAttribute('href', '/dashboard/book/5');
    expect(screen.getByText('Bilal Travels (Agent-1042)', { selector: 'p' })).toBeInTheDocument();
  });
});
