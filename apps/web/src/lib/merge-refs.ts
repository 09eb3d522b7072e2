import { useMergedRef } from '@mantine/hooks';
import type { Ref } from 'react';

/**
 * `useMergeRefs` of @floating-ui/react, the one thing Mantine's ScrollArea takes from it, for the build only
 * (vite.config.ts): the dashboard sidebar's ScrollArea would otherwise put all of floating-ui (15 KB gzipped, the
 * popovers' code) in the first paint of /dashboard. One ref callback that sets every ref given (React 19 cleanups
 * included), made again when one of them changes, as floating-ui's does.
 */
export function useMergeRefs<T>(refs: Array<Ref<T> | undefined>) {
  return useMergedRef<T>(...refs);
}
