import { Button } from '@mantine/core';
import { IconShare } from '@tabler/icons-react';
import { lazy, Suspense } from 'react';
import type { ShareMenuProps } from './share-menu-loaded';

export type { ShareMenuEntry, ShareMenuProps } from './share-menu-loaded';

const ShareMenuLoaded = lazy(() => import('./share-menu-loaded').then((module) => ({ default: module.ShareMenuLoaded })));

/**
 * 'Share' (PRODUCT §6, decision 026). Its menu, copy and share-text code load after the page, not with the home page's
 * or the dashboard's first paint; meanwhile the same button shows, disabled, so nothing moves when it arrives.
 */
export function ShareMenu(props: ShareMenuProps) {
  const fallback = (
    <Button
      variant="default"
      size={props.size ?? 'xs'}
      fullWidth={props.fullWidth ?? false}
      leftSection={<IconShare size={14} aria-hidden />}
      aria-label={props.ariaLabel}
      disabled
    >
      Share
    </Button>
  );
  return (
    <Suspense fallback={fallback}>
      <ShareMenuLoaded {...props} />
    </Suspense>
  );
}
