import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { createQueryClient } from '@/lib/query-client';
import { ShellProvider } from './shell-provider';

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
};

/**
 * The shell and a query cache around any tree: what component tests render a screen in. The running
 * app (app/index.tsx) uses ShellProvider and gets its cache from the routes (lib/query-scope.tsx).
 */
export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <QueryClientProvider client={client}>
      <ShellProvider env={env}>{children}</ShellProvider>
    </QueryClientProvider>
  );
}
