import { Collapse, MantineProvider, mergeThemeOverrides } from '@mantine/core';
import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { TOAST_LIMIT } from '@/config/constants';
import { createQueryClient } from '@/lib/query-client';
import { theme } from './theme';

/** Mantine's test env turns off transitions but not Collapse's; tests need it instant too. */
const testTheme = mergeThemeOverrides(theme, {
  components: { Collapse: Collapse.extend({ defaultProps: { transitionDuration: 0 } }) },
});

type AppProviderProps = {
  children: ReactNode;
  queryClient?: QueryClient;
  /** 'test' turns off Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
};

export function AppProvider({ children, queryClient, env = 'default' }: AppProviderProps) {
  const [client] = useState(() => queryClient ?? createQueryClient());
  return (
    <MantineProvider theme={env === 'test' ? testTheme : theme} defaultColorScheme="light" env={env}>
      <QueryClientProvider client={client}>
        <ModalsProvider>
          <Notifications position="bottom-left" limit={TOAST_LIMIT} />
          {children}
        </ModalsProvider>
      </QueryClientProvider>
    </MantineProvider>
  );
}
