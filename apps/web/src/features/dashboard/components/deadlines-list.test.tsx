import { allBannersListRoute } from '@portal/contract/banners';
import { dashboardSummaryRoute } from '@portal/contract/dashboard';
import { dashboardDeadlinesRoute, type DeadlineRow } from '@portal/contract/deadlines';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildAdminDashboard, buildBannersList } from '../testing/dashboard-fixtures';

// The admin dashboard's Deadlines (PRODUCT §6, decision 030).

const inHours = (hours: number) => new Date(Date.now() + hours * 3_600_000 + 30_000).toISOString();
const row = (overrides: Partial<DeadlineRow>): DeadlineRow => ({
  key: 'name-7',
  group_id: 7,
  pnr: 'NAME7',
  airline_name: 'Saudia',
  kind: 'name',
  deadline: inHours(5),
  missing_names: 0,
  tickets_missing: 0,
  amount_due: 0,
  bookings_due: 0,
  ...overrides,
});

describe('dashboard: Deadlines', () => {
  it('when deadlines come in the next 14 days, then each row shows PNR (to its group), airline, kind, time left and what is missing', async () => {
    storeSession();
    stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 200, buildAdminDashboard()),
      'GET /api/allbanners-list': reply(allBannersListRoute, 200, buildBannersList([])),
      'GET /api/dashboard-deadlines': reply(dashboardDeadlinesRoute, 200, {
        data: [
          row({ key: 'deposit-3', group_id: 3, pnr: 'DEP3', kind: 'deposit', deadline: inHours(5), amount_due: 220000, bookings_due: 2, missing_names: 2 }),
          row({ key: 'ticketing-4', group_id: 4, pnr: 'TKT4', kind: 'ticketing', deadline: inHours(50), tickets_missing: 3 }),
          row({ key: 'name-5', group_id: 5, pnr: 'NAM5', kind: 'name', deadline: inHours(80) }),
        ],
      }),
    });
    renderApp('/dashboard');
    const table = within(await screen.findByRole('table', { name: 'Deadlines' }));
    await table.findByText('DEP3');
    expect(table.getByRole('link', { name: 'DEP3' })).toHaveAttribute('href', '/dashboard/update-group/3');
    const [, deposit, ticketing, names] = table.getAllByRole('row');
    expect(deposit).toHaveTextContent('Deposit');
    expect(deposit).toHaveTextContent('5h 0m');
    expect(deposit).toHaveTextContent('2 names missing');
    expect(deposit).toHaveTextContent('PKR 220,000 due on 2 bookings');
    expect(ticketing).toHaveTextContent('Ticketing');
    expect(ticketing).toHaveTextContent('2d 2h');
    expect(ticketing).toHaveTextContent('3 tickets not issued');
    expect(names).toHaveTextContent('Nothing missing');
  });

  it('when nothing is due in the next 14 days, then the list says so', async () => {
    storeSession();
    stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 200, buildAdminDashboard()),
      'GET /api/allbanners-list': reply(allBannersListRoute, 200, buildBannersList([])),
      'GET /api/dashboard-deadlines': reply(dashboardDeadlinesRoute, 200, { data: [] }),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('No deadlines in the next 14 days')).toBeInTheDocument();
  });
});
