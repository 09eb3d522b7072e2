import { allBannersListRoute } from '@portal/contract/banners';
import { dashboardSummaryRoute, userDashboardRoute } from '@portal/contract/dashboard';
import { act, fireEvent, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it, vi } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { storeSession } from '@/testing/fixtures';
import { renderApp } from '@/testing/render-app';
import { agentSession, buildAdminDashboard, buildBanner, buildBannersList, buildUserDashboard } from '../testing/dashboard-fixtures';

function openAgentDashboard(banners: ReturnType<typeof reply>) {
  storeSession(agentSession());
  stubFetch({
    'GET /api/user-dashboard': reply(userDashboardRoute, 200, buildUserDashboard()),
    'GET /api/allbanners-list': banners,
  });
  return renderApp('/dashboard');
}

describe('dashboard banner carousel (000 §2, §8, §9)', () => {
  it('when a slide is clicked, then the fullscreen zoom view opens at 1x and zooms by 0.1 up to 4x', async () => {
    openAgentDashboard(reply(allBannersListRoute, 200, buildBannersList([buildBanner()])));
    const user = userEvent.setup();
    await user.click(await screen.findByRole('button', { name: 'Zoom Umrah Season Groups' }));

    const dialog = await screen.findByRole('dialog', { name: 'Umrah Season Groups' });
    const view = within(dialog);
    expect(view.getByRole('img', { name: 'Umrah Season Groups' })).toHaveAttribute('src', '/api/files/banner-1.png');
    expect(view.getByTestId('zoom-level')).toHaveTextContent('100%');
    expect(view.getByRole('button', { name: 'Zoom out' })).toBeDisabled();

    await user.click(view.getByRole('button', { name: 'Zoom in' }));
    expect(view.getByTestId('zoom-level')).toHaveTextContent('110%');

    const slider = view.getByRole('slider', { name: 'Zoom' });
    act(() => slider.focus());
    await user.keyboard('{End}');
    expect(view.getByTestId('zoom-level')).toHaveTextContent('400%');
    expect(slider).toHaveAttribute('aria-valuemax', '4');
    expect(slider).toHaveAttribute('aria-valuemin', '1');
    expect(view.getByRole('button', { name: 'Zoom in' })).toBeDisabled();

    await user.click(view.getByRole('button', { name: 'Reset' }));
    expect(view.getByTestId('zoom-level')).toHaveTextContent('100%');

    const viewport = view.getByRole('img', { name: 'Umrah Season Groups' }).parentElement;
    if (!viewport) throw new Error('the image sits in its viewport');
    fireEvent.wheel(viewport, { deltaY: -100 });
    fireEvent.wheel(viewport, { deltaY: -100 });
    expect(view.getByTestId('zoom-level')).toHaveTextContent('120%');
    fireEvent.wheel(viewport, { deltaY: 100 });
    expect(view.getByTestId('zoom-level')).toHaveTextContent('110%');

    await user.click(view.getByRole('button', { name: /close/i }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('when the list holds inactive banners or banners without an image, then only the active ones with an image are slides', async () => {
    storeSession();
    stubFetch({
      'GET /api/dashboardsummary': reply(dashboardSummaryRoute, 200, buildAdminDashboard()),
      'GET /api/allbanners-list': reply(
        allBannersListRoute,
        200,
        buildBannersList([
          buildBanner({ id: 1, name: 'Umrah Season Groups' }),
          buildBanner({ id: 2, name: 'Old Offer', status: 0 }),
          buildBanner({ id: 3, name: 'Lost Image', image: null }),
          buildBanner({ id: 4, name: 'Dubai Group Deals', image: '/api/files/banner-4.png' }),
        ]),
      ),
    });
    renderApp('/dashboard');
    expect(await screen.findByRole('button', { name: 'Zoom Umrah Season Groups' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Zoom Dubai Group Deals' })).toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zoom Old Offer' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: 'Zoom Lost Image' })).not.toBeInTheDocument();
  });

  it('when the banners cannot be fetched, then the error is ignored and the rest of the dashboard shows', async () => {
    openAgentDashboard(reply(allBannersListRoute, 403, { message: 'Forbidden' }));
    expect(await screen.findByRole('link', { name: 'LHE - JED, 4 PNRs' })).toBeInTheDocument();
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
    expect(screen.queryByText('Forbidden')).not.toBeInTheDocument();
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('when there are several banners, then the carousel moves on every 3000 ms', async () => {
    vi.useFakeTimers({ toFake: ['setInterval', 'clearInterval'] });
    openAgentDashboard(
      reply(
        allBannersListRoute,
        200,
        buildBannersList([buildBanner({ id: 1, name: 'First' }), buildBanner({ id: 2, name: 'Second', image: '/api/files/b2.png' })]),
      ),
    );
    const carousel = await screen.findByRole('region', { name: 'Promotions' });
    const status = within(carousel).getByRole('status');
    // The carousel fills its live region once embla has started, which may come after the region shows.
    await waitFor(() => expect(status).toHaveTextContent('Slide 1 of 2'));
    // Let the carousel hand over its embla API (a passive effect) before the clock moves.
    await act(async () => undefined);
    act(() => vi.advanceTimersByTime(2999));
    expect(status).toHaveTextContent('Slide 1 of 2');
    act(() => vi.advanceTimersByTime(1));
    expect(status).toHaveTextContent('Slide 2 of 2');
  });
});
