import { StrictMode } from 'react';
import { prerender } from 'react-dom/static';
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from 'react-router';
import { createAppRoutes } from '@/app/router';
import { ShellProvider } from '@/app/shell-provider';

/**
 * Renders one public page to HTML at build time (scripts/prerender.mjs, decision 012), as a visitor with no
 * session sees it before any data has arrived: the same tree as main.tsx hydrates, so React adopts the markup
 * instead of painting again. The lazy parts (the calendar, toasts and dialogs) are in the HTML as well; the
 * browser hydrates each of them when its code has arrived.
 */
export async function renderPage(pathname: string): Promise<string> {
  const handler = createStaticHandler(createAppRoutes());
  const context = await handler.query(new Request(new URL(pathname, 'http://prerender.local')));
  if (context instanceof Response) throw new Error(`${pathname} redirects (${context.status}); only plain pages can be prerendered`);
  const router = createStaticRouter(handler.dataRoutes, context);
  const { prelude } = await prerender(
    <StrictMode>
      <ShellProvider>
        <StaticRouterProvider router={router} context={context} hydrate={false} />
      </ShellProvider>
    </StrictMode>,
    // One piece: React would otherwise send large Suspense contents as hidden segments that an inline script
    // moves into place, and the page's CSP allows no such script.
    { progressiveChunkSize: Number.POSITIVE_INFINITY },
  );
  return new Response(prelude).text();
}
