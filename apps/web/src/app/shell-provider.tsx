import { Collapse, MantineProvider, mergeThemeOverrides, type CSSVariablesResolver } from '@mantine/core';
import { lazy, Suspense, type ReactNode } from 'react';
import { theme } from './theme';

/** Loaded after the first paint: no page needs a toast or a dialog before it has rendered (issue 8). */
const AppOverlays = lazy(() => import('@/components/app-overlays'));

/** Mantine's test env turns off transitions but not Collapse's; tests need it instant too. */
const testTheme = mergeThemeOverrides(theme, {
  components: { Collapse: Collapse.extend({ defaultProps: { transitionDuration: 0 } }) },
});

/**
 * Mantine's dimmed text (gray.6) and placeholders (gray.5) fall below WCAG AA contrast (4.5:1) on
 * white and on the light gray page background; these greys pass on both (issue 8, Lighthouse).
 */
const cssVariablesResolver: CSSVariablesResolver = () => ({
  variables: {},
  light: { '--mantine-color-dimmed': '#5c636a', '--mantine-color-placeholder': '#656d76' },
  dark: {},
});

type ShellProviderProps = {
  children: ReactNode;
  /** 'test' turns off Mantine transitions and portals (component tests). */
  env?: 'default' | 'test';
};

/**
 * Theme, toasts and dialogs: what every page needs. The query cache is not here but in the routes that
 * read data (lib/query-scope.tsx), so the sign-in page starts without TanStack Query (issue 8).
 */
export function ShellProvider({ children, env = 'default' }: ShellProviderProps) {
  return (
    <MantineProvider
      theme={env === 'test' ? testTheme : theme}
      cssVariablesResolver={cssVariablesResolver}
      defaultColorScheme="light"
      env={env}
    >
      {children}
      <Suspense fallback={null}>
        <AppOverlays />
      </Suspense>
    </MantineProvider>
  );
}
