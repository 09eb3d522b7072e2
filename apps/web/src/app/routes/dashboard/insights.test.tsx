import { notifications } from '@mantine/notifications';
import { allPendingPaymentsRoute } from '@portal/contract/payments';
import { allBannersListRoute } from '@portal/contract/banners';
import { dashboardSummaryRoute } from '@portal/contract/dashboard';
import { INSIGHT_TITLES, receivablesByAgeRoute, salesReceiptsRoute, seatsBySectorRoute } from '@portal/contract/insights';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';
import { stubDownloads } from '@/testing/download-stub';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { buildGeneralReport } from '@/features/payments/testing/payments-fixtures';
import { buildAdminDashboard, buildBanner, buildBannersList } from '@/features/dashboard/testing/dashboard-fixtures';
import { buildReceivables, buildSalesReceipts, buildSeatsBySector } from '@/features/insights/testing/insights-fixtures';

// Issue 19 point 4 (decision 034): the insights' charts on the General Report and the admin dashboard, each with a
// Table view holding the same numbers, and an xlsx export per table.

const INSIGHT_CALLS = {
  'GET /api/insights/sales-receipts': reply(salesReceiptsRoute, 200, buildSalesReceipts()),
  'GET /api/insights/seats-by-sector': reply(seatsBySectorRoute, 200, buildSeatsBySector()),
  'GET /api/insights/receivables-by-age': reply(receivablesByAgeRoute, 200, buildReceivables()),
};

function panel(title: string): HTMLElement {
  return screen.getByRole('region', { name: title });
}

/** The rows of a panel's table as text cells, footer included. */
function tableRows(title: string): string[][] {
  const table = within(panel(title)).getByRole('table', { name: title });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => within(row).getAllByRole('cell').map((cell) => cell.textContent ?? ''));
}

async function showTable(title: string) {
  await userEvent.setup().click(within(panel(title)).getByText('Table'));
}

describe('Insights on the General Report (issue 19 point 4)', () => {
  beforeEach(() => notifications.clean());
  afterEach(() => vi.restoreAllMocks());

  it('when the report opens, then each insight shows a named chart first, and its Table view shows the same numbers', async () => {
    storeSession();
    stubFetch({ 'GET /api/listofallpendingpayments': reply(allPendingPaymentsRoute, 200, buildGeneralReport()), ...INSIGHT_CALLS });
    renderApp('/dashboard/payments');

    // The first find waits for the lazy route and its charts to load: over the shared 15 s in a loaded CI run (decision 052).
    expect(
      await screen.findByRole('img', { name: `${INSIGHT_TITLES.salesReceipts}: bar chart; the Table view has the numbers` }, { timeout: 45_000 }),
    ).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: `${INSIGHT_TITLES.seatsBySector}: bar chart; the Table view has the numbers` })).toBeInTheDocument();
    expect(await screen.findByRole('img', { name: `${INSIGHT_TITLES.receivablesByAge}: bar chart; the Table view has the numbers` })).toBeInTheDocument();

    await showTable(INSIGHT_TITLES.receivablesByAge);
    expect(tableRows(INSIGHT_TITLES.receivablesByAge)).toEqual([
      ['Beta Tours', 'PKR 10,000', 'PKR 20,000', 'PKR 50,000', 'PKR 30,000', 'PKR 110,000'],
      ['Alpha Travels', 'PKR 10,000', 'PKR 60,000', 'PKR 0', 'PKR 0', 'PKR 70,000'],
      ['Total', 'PKR 20,000', 'PKR 80,000', 'PKR 50,000', 'PKR 30,000', 'PKR 180,000'],
    ]);
    expect(within(panel(INSIGHT_TITLES.receivablesByAge)).queryByRole('img')).toBeNull();

    await showTable(INSIGHT_TITLES.seatsBySector);
    expect(tableRows(INSIGHT_TITLES.seatsBySector)).toEqual([
      ['LHE - JED', '3', '30', '9', '21'],
      ['KHI - JED', '1', '10', '1', '9'],
      ['Total', '4', '40', '10', '30'],
    ]);

    await showTable(INSIGHT_TITLES.salesReceipts);
    const sales = tableRows(INSIGHT_TITLES.salesReceipts);
    expect(sales).toHaveLength(31);
    // Newest first; days without business are there with zeros.
    expect(sales[0]).toEqual(['30 Mar 2031', 'PKR 195,000', 'PKR 50,000']);
    expect(sales[1]).toEqual(['29 Mar 2031', 'PKR 0', 'PKR 0']);
    expect(sales[29]).toEqual(['01 Mar 2031', 'PKR 100,000', 'PKR 0']);
    expect(sales[30]).toEqual(['Total', 'PKR 295,000', 'PKR 50,000']);
  });

  it('when a table\'s xlsx is asked for, then that report\'s spreadsheet is downloaded with the token and saved', async () => {
    storeSession();
    stubFetch({ 'GET /api/listofallpendingpayments': reply(allPendingPaymentsRoute, 200, buildGeneralReport()), ...INSIGHT_CALLS });
    const { downloads, names } = stubDownloads({ path: '/api/insights-xlsx', fileName: 'seats-by-sector.xlsx' });
    renderApp('/dashboard/payments');

    const button = await screen.findByRole('button', { name: `${INSIGHT_TITLES.seatsBySector}: download xlsx` });
    await waitFor(() => expect(button).toBeEnabled());
    await userEvent.setup().click(button);
    await waitFor(() => expect(names).toEqual(['seats-by-sector.xlsx']));
    expect(downloads.map(({ url }) => url)).toEqual(['/api/insights-xlsx?report=seats-by-sector']);
    expect(downloads[0]?.headers.get('authorization')).toMatch(/^Bearer /);
  });

  it('when there are no open groups and nobody owes anything, then those panels say No Data Found', async () => {
    storeSession();
    stubFetch({
      'GET /api/listofallpendingpayments': reply(allPendingPaymentsRoute, 200, buildGeneralReport()),
      ...INSIGHT_CALLS,
      'GET /api/insights/seats-by-sector': reply(seatsBySectorRoute, 200, { data: [] }),
      'GET /api/insights/receivables-by-age': reply(receivablesByAgeRoute, 200, { data: { today: '2031-03-30', agents: [] } }),
    });
    renderApp('/dashboard/payments');
    await waitFor(() => expect(within(panel(INSIGHT_TITLES.seatsBySector)).getByText('No Data Found')).toBeInTheDocument());
    expect(within(panel(INSIGHT_TITLES.receivablesByAge)).getByText('No Data Found')).toBeInTheDocument();
  });
});

describe('Insights on the admin dashboard (issue 19 point 4)', () => {
  afterEach(() => vi.restoreAllMocks());

  it('when an admin opens the dashboard, then the three insights appear below it', async () => {
    storeSession();
    stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 200, buildAdminDashboard()),
      'GET /api/allbanners-list': reply(allBannersListRoute, 200, buildBannersList([buildBanner()])),
      ...INSIGHT_CALLS,
    });
    renderApp('/dashboard');
    for (const title of Object.values(INSIGHT_TITLES)) expect(await screen.findByRole('region', { name: title })).toBeInTheDocument();
  });
});
