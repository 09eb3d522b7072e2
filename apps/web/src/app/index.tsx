import { useEffect, useState } from 'react';
import { RouterProvider, type RouteObject } from 'react-router';
import { createAppRouter } from './router';
import { ShellProvider } from './shell-provider';

type AppProps = {
  /** The routes, when main.tsx has already loaded the lazy ones of the opened page (hydration, decision 012). */
  routes?: RouteObject[];
  /** Called once the first render (or hydration) has been committed. */
  onStarted?: () => void;
};

export function App({ routes, onStarted }: AppProps) {
  const [router] = useState(() => createAppRouter(routes));
  return (
    <ShellProvider>
      <RouterProvider router={router} />
      {onStarted && <Started onStarted={onStarted} />}
    </ShellProvider>
  );
}

function Started({ onStarted }: { onStarted: () => void }) {
  useEffect(() => onStarted(), [onStarted]);
  return null;
}
