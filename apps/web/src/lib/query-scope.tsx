import { QueryClientContext, QueryClientProvider } from '@tanstack/react-query';
import { useContext, type ReactNode } from 'react';
import { createQueryClient } from './query-client';

/** The one cache of the running app (created on first use, like the provider's state before). */
let appQueryClient: ReturnType<typeof createQueryClient> | undefined;

function getAppQueryClient() {
  appQueryClient ??= createQueryClient();
  return appQueryClient;
}

/**
 * Gives its children the app's query cache. It sits in a lazily loaded route (app/layouts/query-scope.tsx)
 * around every screen that reads data, so /signin, which needs none, starts without TanStack Query
 * (issue 8: its initial JS). Under an outer QueryClientProvider (component tests pass their own client
 * through AppProvider) it adds nothing.
 */
export function QueryScope({ children }: { children: ReactNode }) {
  const outer = useContext(QueryClientContext);
  if (outer) return children;
  return <QueryClientProvider client={getAppQueryClient()}>{children}</QueryClientProvider>;
}
