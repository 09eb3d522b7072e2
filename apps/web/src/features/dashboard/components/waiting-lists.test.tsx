import { allBannersListRoute } from '@portal/contract/banners';
import { dashboardSummaryRoute, userDashboardRoute } from '@portal/contract/dashboard';
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { dayjs, todayInKarachi } from '@/lib/format';
import { agentSession, buildAdminDashboard, buildBanner, buildBannersList, buildUserDashboard, waitingBooking } from '../testing/dashboard-fixtures';
import { timeLeft, timeSince } from './waiting-lists';

// What waits for the admin on the dashboard (issue 21 point 5, decision 023).

const region = (name: string) => within(screen.getByRole('region', { name }));
const banners = reply(allBannersListRoute, 200, buildBannersList([buildBanner()]));
const inMinutes = (minutes: number) => new Date(Date.now() + minutes * 60_000 + 30_000).toISOString();
const daysFromToday = (days: number) => dayjs(todayInKarachi()).add(days, 'day').format('YYYY-MM-DD');

describe('dashboard: waiting for the admin', () => {
  it('when holds, pending agents and payments due wait, then each list shows its rows, its total and a View all link', async () => {
    storeSession();
    stubFetch({
      'GET /api/dashboardsummary': reply(
        dashboardSummaryRoute,
        200,
        buildAdminDashboard({
          holds: {
            total: 14,
            data: [
              waitingBooking({ id: 61, key: 'hold-61', pnr: 'HOLD61', cancel_at: inMinutes(25), confirmed: 0, passengers: 3, final_total: 285000 }),
              waitingBooking({ id: 62, key: 'hold-62', pnr: 'HOLD62', cancel_at: inMinutes(130), confirmed: 0, agent_name: 'Walk-in' }),
            ],
          },
          payments_due: {
            total: 12,
            data: [
              waitingBooking({ id: 71, key: 'due-71', pnr: 'DUE71', departure_date: daysFromToday(-2), remaining_amount: 150000 }),
              waitingBooking({ id: 72, key: 'due-72', pnr: 'DUE72', departure_date: daysFromToday(6), received_amount: 100000, remaining_amount: 190000 }),
            ],
          },
        }),
      ),
      'GET /api/allbanners-list': banners,
    });
    renderApp('/dashboard');
    await screen.findByText('HOLD61');
    expect(screen.getByRole('heading', { name: 'Waiting for you' })).toBeInTheDocument();

    const holds = region('On Hold');
    expect(holds.getByText('14')).toBeInTheDocument();
    const soonest = holds.getByRole('link', { name: /HOLD61/ });
    expect(soonest).toHaveAttribute('href', '/dashboard/book/61');
    expect(soonest).toHaveTextContent('3 pax · Bilal Travels');
    expect(soonest).toHaveTextContent('25 min left');
    expect(soonest).toHaveTextContent(/Expires \d{2}:\d{2} (AM|PM)|Expires \d{2} \w{3}, \d{2}:\d{2} (AM|PM)/);
    expect(holds.getByRole('link', { name: /HOLD62/ })).toHaveTextContent('2 h 10 min left');
    expect(holds.getByRole('link', { name: /View all \(14\)/ })).toHaveAttribute('href', '/dashboard/bookings?status=hold');

    const agents = region('Pending Agents');
    const agent = agents.getByRole('link', { name: /Hina Shah/ });
    expect(agent).toHaveAttribute('href', '/dashboard/search/hina%40example.com');
    expect(agent).toHaveTextContent('Hina Tours · KARACHI');
    expect(agents.getByRole('link', { name: /View all \(3\)/ })).toHaveAttribute('href', '/dashboard/agents?status=pending');

    const due = region('Payments Due');
    const overdue = due.getByRole('link', { name: /DUE71/ });
    expect(overdue).toHaveAttribute('href', '/dashboard/book/71');
    expect(overdue).toHaveTextContent(`Flew ${dayjs(daysFromToday(-2)).format('DD MMM YYYY')} · Bilal Travels`);
    expect(overdue).toHaveTextContent('PKR 150,000');
    expect(overdue).toHaveTextContent('Overdue');
    const partly = due.getByRole('link', { name: /DUE72/ });
    expect(partly).toHaveTextContent(`Flies ${dayjs(daysFromToday(6)).format('DD MMM YYYY')} · Bilal Travels`);
    expect(partly).toHaveTextContent('Received PKR 100,000');
    expect(partly).not.toHaveTextContent('Overdue');
    expect(due.getByRole('link', { name: /View all \(12\)/ })).toHaveAttribute('href', '/dashboard/pendingbookings');
  });

  it("when nothing waits, then each list says 'No Data Found' and offers no View all", async () => {
    storeSession();
    const empty = { total: 0, data: [] };
    stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 200, buildAdminDashboard({ holds: empty, pending_agents: empty, payments_due: empty })),
      'GET /api/allbanners-list': banners,
    });
    renderApp('/dashboard');
    await screen.findByText('1,287');
    for (const name of ['On Hold', 'Pending Agents', 'Payments Due']) {
      expect(region(name).getByText('No Data Found')).toBeInTheDocument();
      expect(region(name).queryByRole('link', { name: /View all/ })).not.toBeInTheDocument();
    }
  });

  it('when an agent opens the dashboard, then nothing of the admin waiting lists shows', async () => {
    storeSession(agentSession());
    stubFetch({
      'GET /api/user-dashboard': reply(userDashboardRoute, 200, buildUserDashboard()),
      'GET /api/allbanners-list': banners,
    });
    renderApp('/dashboard');
    await screen.findByRole('link', { name: 'LHE - JED, 4 PNRs' });
    expect(screen.queryByText('Waiting for you')).not.toBeInTheDocument();
    expect(screen.queryByRole('region', { name: 'On Hold' })).not.toBeInTheDocument();
  });
});

describe('timeLeft and timeSince', () => {
  const now = new Date('2031-03-01T10:00:00Z');
  it('when the instant is minutes, hours or days away, then the shortest readable duration', () => {
    expect(timeLeft('2031-03-01T10:25:40Z', now)).toBe('25 min');
    expect(timeLeft('2031-03-01T12:00:00Z', now)).toBe('2 h');
    expect(timeLeft('2031-03-01T12:10:00Z', now)).toBe('2 h 10 min');
    expect(timeLeft('2031-03-02T13:00:00Z', now)).toBe('1 d 3 h');
    expect(timeLeft('2031-03-01T09:00:00Z', now)).toBe('0 min');
    expect(timeSince('2031-02-27T10:00:00Z', now)).toBe('2 d');
  });
});
