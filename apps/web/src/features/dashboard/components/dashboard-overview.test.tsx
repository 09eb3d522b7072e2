import { allBannersListRoute } from '@portal/contract/banners';
import { dashboardSummaryRoute, userDashboardRoute } from '@portal/contract/dashboard';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { networkError, reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildAdminDashboard, buildBanner, buildBannersList, buildUserDashboard } from '../testing/dashboard-fixtures';

const region = (name: string) => within(screen.getByRole('region', { name }));
const count = (card: string, label: string) => region(card).getByRole('listitem', { name: label });
const banners = (list = [buildBanner()]) => reply(allBannersListRoute, 200, buildBannersList(list));

describe('dashboard (000 §2)', () => {
  it('when an admin opens the dashboard, then All Time and Today Summary show the counts under readable labels', async () => {
    storeSession();
    const fetchMock = stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 200, buildAdminDashboard()),
      'GET /api/allbanners-list': banners(),
    });
    renderApp('/dashboard');

    expect(await screen.findByText('1,287')).toBeInTheDocument();
    expect(count('All Time', 'Bookings')).toHaveTextContent('1,287');
    expect(count('All Time', 'Confirmed')).toHaveTextContent('904');
    expect(count('All Time', 'Cancelled')).toHaveTextContent('311');
    expect(count('All Time', 'Paid')).toHaveTextContent('612');
    expect(count('All Time', 'Partial Paid')).toHaveTextContent('187');
    expect(count('All Time', 'Unpaid')).toHaveTextContent('105');
    expect(count('Today Summary', 'Bookings')).toHaveTextContent('23');
    expect(count('Today Summary', 'Confirmed')).toHaveTextContent('17');
    expect(count('Today Summary', 'Cancelled')).toHaveTextContent('4');
    expect(count('Today Summary', 'Paid')).toHaveTextContent('9');
    expect(count('Today Summary', 'Partial Paid')).toHaveTextContent('6');
    expect(count('Today Summary', 'Unpaid')).toHaveTextContent('2');

    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/allbanners-list?page=1');
    expect(urls).not.toContain('/api/user-dashboard');
  });

  it('when an admin opens the dashboard, then the three lists link to the bookings, the reports and the PNR', async () => {
    storeSession();
    stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 200, buildAdminDashboard()),
      'GET /api/allbanners-list': banners(),
    });
    renderApp('/dashboard');
    await screen.findByText('PK7781');

    const pending = region('Pending Payments');
    expect(pending.getByRole('link', { name: 'Pending Payments' })).toHaveAttribute('href', '/dashboard/pendingbookings');
    const pendingRow = pending.getByRole('link', { name: /PK7781/ });
    expect(pendingRow).toHaveAttribute('href', '/dashboard/book/41');
    expect(pendingRow).toHaveTextContent('Bilal Travels · 01 Mar 2031');
    expect(pendingRow).toHaveTextContent('PKR 290,000');

    const partial = region('Partial Paid');
    expect(partial.getByRole('link', { name: 'Partial Paid' })).toHaveAttribute('href', '/dashboard/payments');
    const partialRow = partial.getByRole('link', { name: /SV2210/ });
    expect(partialRow).toHaveAttribute('href', '/dashboard/book/52');
    expect(partialRow).toHaveTextContent('Walk-in · 20 Feb 2031');
    expect(partialRow).toHaveTextContent('PKR 335,000');
    expect(partialRow).toHaveTextContent('Received PKR 100,000');

    const ending = region('Ending Soon');
    expect(ending.queryByRole('link', { name: 'Ending Soon' })).not.toBeInTheDocument();
    const endingRow = ending.getByRole('link', { name: /EK0601/ });
    expect(endingRow).toHaveAttribute('href', '/dashboard/pnr/EK0601');
    expect(endingRow).toHaveTextContent('KHI - DXB · 10 Mar 2031');
    expect(endingRow).toHaveTextContent('2 left');
    expect(endingRow).toHaveTextContent('Sold 33/35');

    expect(screen.getByRole('link', { name: 'LHE - JED, 4 PNRs' })).toHaveAttribute('href', '/dashboard/booking/3/LHE%20-%20JED');
    expect(screen.getByRole('link', { name: 'KHI - DXB, 1 PNR' })).toHaveAttribute('href', '/dashboard/booking/5/KHI%20-%20DXB');
    expect(screen.getByRole('link', { name: /Umrah Groups/ })).toHaveAttribute('href', '/dashboard/p/2/umrah-groups');
  });

  it("when the admin's lists are empty, then each says 'No Data Found'", async () => {
    storeSession();
    stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 200, buildAdminDashboard({ pending: [], partials: [], pnrs: [] })),
      'GET /api/allbanners-list': banners(),
    });
    renderApp('/dashboard');
    await screen.findByText('1,287');
    for (const name of ['Pending Payments', 'Partial Paid', 'Ending Soon']) {
      expect(region(name).getByText('No Data Found')).toBeInTheDocument();
    }
    expect(screen.getAllByText('No Data Found')).toHaveLength(3);
  });

  it('when an agent opens the dashboard, then user-dashboard is asked and only sector cards and the carousel show', async () => {
    storeSession(agentSession());
    const fetchMock = stubFetch({
      'GET /api/user-dashboard': reply(userDashboardRoute, 200, buildUserDashboard()),
      'GET /api/allbanners-list': banners(),
    });
    renderApp('/dashboard');

    expect(await screen.findByRole('link', { name: 'LHE - JED, 4 PNRs' })).toHaveAttribute('href', '/dashboard/booking/3/LHE%20-%20JED');
    expect(screen.getByText('All Sectors')).toBeInTheDocument();
    expect(await screen.findByRole('button', { name: 'Zoom Umrah Season Groups' })).toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'All Time' })).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'Today Summary' })).not.toBeInTheDocument();
    expect(screen.queryByText('Pending Payments')).not.toBeInTheDocument();
    expect(screen.queryByText('Partial Paid')).not.toBeInTheDocument();
    expect(screen.queryByText('Ending Soon')).not.toBeInTheDocument();

    const urls = fetchMock.mock.calls.map(([url]) => String(url));
    expect(urls).toContain('/api/user-dashboard');
    expect(urls).not.toContain('/api/dashboardsummary');
  });

  it('when the answers are on their way, then skeletons show; when they arrive, the skeletons give way', async () => {
    storeSession();
    let release: () => void = () => undefined;
    const arrived = new Promise<void>((resolve) => {
      release = resolve;
    });
    const stub = stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 200, buildAdminDashboard()),
      'GET /api/allbanners-list': banners(),
    });
    const answer = stub.getMockImplementation();
    if (!answer) throw new Error('stubFetch has an implementation');
    stub.mockImplementation(async (...args) => {
      await arrived;
      return answer(...args);
    });
    renderApp('/dashboard');

    expect(await screen.findByRole('region', { name: 'All Time' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByRole('region', { name: 'Today Summary' })).toHaveAttribute('aria-busy', 'true');
    expect(screen.getByLabelText('Loading sectors')).toBeInTheDocument();
    expect(screen.getByLabelText('Loading banners')).toBeInTheDocument();
    for (const name of ['Pending Payments', 'Partial Paid', 'Ending Soon']) {
      expect(screen.getByRole('region', { name })).toHaveAttribute('aria-busy', 'true');
    }

    release();
    expect(await screen.findByText('1,287')).toBeInTheDocument();
    expect(screen.getByRole('region', { name: 'All Time' })).not.toHaveAttribute('aria-busy');
    expect(screen.queryByLabelText('Loading sectors')).not.toBeInTheDocument();
    await waitFor(() => expect(screen.queryByLabelText('Loading banners')).not.toBeInTheDocument());
  });

  it("when the dashboard call answers 'Unauthenticated.', then the token is cleared and the user goes to /signin", async () => {
    storeSession();
    stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 401, { message: 'Unauthenticated.' }),
      'GET /api/allbanners-list': reply(allBannersListRoute, 401, { message: 'Unauthenticated.' }),
    });
    const { router } = renderApp('/dashboard');
    await waitFor(() => expect(router.state.location.pathname).toBe('/signin'));
    expect(window.localStorage.getItem('token')).toBeNull();
  });

  it('when the dashboard call fails otherwise, then its message shows with a Retry that asks again', async () => {
    storeSession(agentSession());
    let calls = 0;
    stubFetch({
      'GET /api/user-dashboard': () => {
        calls += 1;
        return calls === 1 ? networkError() : reply(userDashboardRoute, 200, buildUserDashboard());
      },
      'GET /api/allbanners-list': banners(),
    });
    renderApp('/dashboard');
    expect(await screen.findByText('Something went wrong. Please try again later')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('link', { name: 'LHE - JED, 4 PNRs' })).toBeInTheDocument();
    expect(screen.queryByText('Something went wrong. Please try again later')).not.toBeInTheDocument();
  });
});
