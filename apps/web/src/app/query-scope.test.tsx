import { publicSettingsRoute } from '@portal/contract/settings';
import { render, screen, within } from '@testing-library/react';
import { createMemoryRouter, RouterProvider } from 'react-router';
import { describe, expect, it } from 'vitest';
import { buildPublicSettings } from '@/features/public-site/testing/public-site-fixtures';
import { reply, stubFetch } from '@/testing/fetch-stub';
import { createAppRoutes } from './router';
import { ShellProvider } from './shell-provider';

/** The app as main.tsx starts it: no query cache around the router, only the one its routes bring (issue 8). */
function renderLikeMain(url: string) {
  const router = createMemoryRouter(createAppRoutes(), { initialEntries: [url] });
  render(
    <ShellProvider env="test">
      <RouterProvider router={router} />
    </ShellProvider>,
  );
  return router;
}

describe('query cache scope (issue 8: /signin starts without TanStack Query)', () => {
  it('when a screen that reads data opens without an outer provider, then its data loads through the route scope', async () => {
    stubFetch({ 'GET /api/public-settings': reply(publicSettingsRoute, 200, buildPublicSettings()) });
    renderLikeMain('/contactus');
    const desk = within(await screen.findByRole('article', { name: 'Umrah Desk' }));
    expect(desk.getByRole('link', { name: 'Call Umrah Desk' })).toHaveAttribute('href', 'tel:+923214567890');
  });

  it('when /signin opens without any provider of the query cache, then the form shows', async () => {
    renderLikeMain('/signin');
    expect(await screen.findByRole('heading', { name: 'Log In' })).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Log In' })).toBeEnabled();
  });
});
