import type { ComponentType } from 'react';
import { createBrowserRouter, matchRoutes, type RouteObject } from 'react-router';
import { PageLoader } from '@/components/page-loader';
import { paths } from '@/config/paths';
import { RedirectIfSession, RequireAdmin, RequireSession } from './guards';
import { RouteError } from './routes/route-error';

type RouteModule = { default: ComponentType };

/** Every screen is its own chunk, loaded when its route matches (keeps /signin small). */
const page = (load: () => Promise<RouteModule>) => async () => ({ Component: (await load()).default });

const d = paths.dashboard;

export function createAppRoutes(): RouteObject[] {
  return [
    {
      errorElement: <RouteError />,
      hydrateFallbackElement: <PageLoader fullScreen />,
      children: [
        // Sign-in reads no data: it stays outside the query cache's lazy route (issue 8, initial JS).
        {
          element: <RedirectIfSession />,
          children: [{ path: paths.signin.path, lazy: page(() => import('./routes/auth/signin')) }],
        },
        {
          // Every other screen: the query cache comes with the page's own chunks, loaded in parallel.
          lazy: page(() => import('./layouts/query-scope')),
          children: [
            {
              lazy: page(() => import('./layouts/public-layout')),
              children: [
                { index: true, lazy: page(() => import('./routes/public/home')) },
                { path: paths.aboutUs.path, lazy: page(() => import('./routes/public/about-us')) },
                { path: paths.updates.path, lazy: page(() => import('./routes/public/updates')) },
                { path: paths.contactUs.path, lazy: page(() => import('./routes/public/contact-us')) },
                { path: paths.bankAccounts.path, lazy: page(() => import('./routes/public/bank-accounts')) },
                { path: paths.downloadSitemap.path, lazy: page(() => import('./routes/public/download-sitemap')) },
                { path: paths.search.path, lazy: page(() => import('./routes/public/search')) },
              ],
            },
            { path: paths.forgot.path, lazy: page(() => import('./routes/auth/forgot')) },
            { path: paths.signup.path, lazy: page(() => import('./routes/auth/signup')) },
            { path: paths.thankYou.path, lazy: page(() => import('./routes/auth/thank-you')) },
            {
              path: d.root.path,
              element: <RequireSession />,
              children: [
                {
                  lazy: page(() => import('./layouts/dashboard-layout')),
                  children: [
                    { index: true, lazy: page(() => import('./routes/dashboard/dashboard-home')) },
                    { path: d.bookings.path, lazy: page(() => import('./routes/dashboard/bookings')) },
                    { path: d.pendingBookings.path, lazy: page(() => import('./routes/dashboard/pending-bookings')) },
                    { path: d.cancelBookings.path, lazy: page(() => import('./routes/dashboard/cancel-bookings')) },
                    { path: d.book.path, lazy: page(() => import('./routes/dashboard/book-detail')) },
                    { path: d.pnr.path, lazy: page(() => import('./routes/dashboard/pnr-detail')) },
                    { path: d.bookingList.path, lazy: page(() => import('./routes/dashboard/booking-list')) },
                    { path: d.accounts.path, lazy: page(() => import('./routes/dashboard/accounts')) },
                    { path: d.myProfile.path, lazy: page(() => import('./routes/dashboard/my-profile')) },
                    { path: d.notifications.path, lazy: page(() => import('./routes/dashboard/notifications')) },
                    { path: d.search.path, lazy: page(() => import('./routes/dashboard/search')) },
                    { path: d.flights.path, lazy: page(() => import('./routes/dashboard/flights')) },
                    { path: d.buttonBanners.path, lazy: page(() => import('./routes/dashboard/button-banners')) },
                    {
                      // Admin-only screens (000 §6, 001 §6); agents see a 'not allowed' message.
                      element: <RequireAdmin />,
                      children: [
                        { path: d.payments.path, lazy: page(() => import('./routes/dashboard/payments')) },
                        { path: d.pnrTickets.path, lazy: page(() => import('./routes/dashboard/pnr-tickets')) },
                        { path: d.agentsBalance.path, lazy: page(() => import('./routes/dashboard/agents-balance')) },
                        { path: d.airlines.path, lazy: page(() => import('./routes/dashboard/airlines')) },
                        { path: d.sectors.path, lazy: page(() => import('./routes/dashboard/sectors')) },
                        { path: d.groups.path, lazy: page(() => import('./routes/dashboard/groups')) },
                        { path: d.addNewGroup.path, lazy: page(() => import('./routes/dashboard/group-form')) },
                        { path: d.updateGroup.path, lazy: page(() => import('./routes/dashboard/group-form')) },
                        { path: d.agents.path, lazy: page(() => import('./routes/dashboard/agents')) },
                        { path: d.mySectors.path, lazy: page(() => import('./routes/dashboard/my-sectors')) },
                        { path: d.dashBtn.path, lazy: page(() => import('./routes/dashboard/dash-btn')) },
                        { path: d.groupsHistory.path, lazy: page(() => import('./routes/dashboard/groups-history')) },
                        { path: d.settings.path, lazy: page(() => import('./routes/dashboard/settings')) },
                        { path: d.users.path, lazy: page(() => import('./routes/dashboard/users')) },
                        { path: d.emails.path, lazy: page(() => import('./routes/dashboard/emails')) },
                        { path: d.audit.path, lazy: page(() => import('./routes/dashboard/audit')) },
                        { path: d.promotion.path, lazy: page(() => import('./routes/dashboard/promotion')) },
                      ],
                    },
                  ],
                },
              ],
            },
            { path: '*', lazy: page(() => import('./routes/not-found')) },
          ],
        },
      ],
    },
  ];
}

export function createAppRouter(routes: RouteObject[] = createAppRoutes()) {
  return createBrowserRouter(routes);
}

/**
 * Loads the lazy routes that match `pathname` and puts what they export in place of `lazy`, so that the router
 * starts with the page ready to render: hydrating prerendered HTML (decision 012) must render the same tree
 * at once, not the loading fallback first.
 */
export async function loadMatchedRoutes(routes: RouteObject[], pathname: string): Promise<void> {
  const matches = matchRoutes(routes, pathname) ?? [];
  await Promise.all(
    matches.map(async ({ route }) => {
      if (typeof route.lazy !== 'function') return;
      const loaded = await route.lazy();
      Object.assign(route, loaded);
      delete route.lazy;
    }),
  );
}
