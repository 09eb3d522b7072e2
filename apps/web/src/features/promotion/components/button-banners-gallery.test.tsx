import { bannersListRoute } from '@portal/contract/banners';
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { buildSession, storeSession } from '@/testing/fixtures';
import { buildPage } from '@/testing/inventory-fixtures';
import { renderApp } from '@/testing/render-app';
import { buildBanner } from '../testing/promotion-fixtures';

describe('p/{id}/{name}: the banners of a dashboard button (001 §2, §7)', () => {
  it('when an agent opens it, then banners-list is asked with the Dash-Btn-Id header and each banner shows as a card', async () => {
    storeSession(buildSession({ role: 'user', agent_id: 1042 }));
    const headers: Headers[] = [];
    stubFetch({
      'GET /api/banners-list': (request) => {
        headers.push(request.headers);
        return reply(bannersListRoute, 200, {
          data: buildPage([buildBanner(), buildBanner({ id: 2, name: 'Ramadan Umrah', image: 'http://localhost:8080/uploads/public/banner/ramadan.png' })]),
        });
      },
    });
    renderApp('/dashboard/p/7/umrah');
    expect(await screen.findByRole('img', { name: 'Umrah Offer' })).toHaveAttribute('src', buildBanner().image);
    expect(screen.getByRole('img', { name: 'Ramadan Umrah' })).toBeInTheDocument();
    expect(screen.getByRole('heading', { name: 'umrah' })).toBeInTheDocument();
    expect(headers[0]?.get('Dash-Btn-Id')).toBe('7');
  });

  it('when a card is clicked, then the image opens large in a fullscreen view', async () => {
    storeSession();
    stubFetch({ 'GET /api/banners-list': reply(bannersListRoute, 200, { data: buildPage([buildBanner()]) }) });
    const user = userEvent.setup();
    renderApp('/dashboard/p/7/umrah');
    await user.click(await screen.findByRole('button', { name: 'Open Umrah Offer' }));
    const dialog = await screen.findByRole('dialog', { name: 'Umrah Offer' });
    expect(within(dialog).getByRole('img', { name: 'Umrah Offer full size' })).toHaveAttribute('src', buildBanner().image);
  });

  it('when the button has no banners, or the call fails (404), then "No Data Found"', async () => {
    storeSession();
    stubFetch({ 'GET /api/banners-list': reply(bannersListRoute, 404, { message: 'Dashboard button not found.' }) });
    renderApp('/dashboard/p/999/gone');
    expect(await screen.findByText('No Data Found')).toBeInTheDocument();
  });
});
