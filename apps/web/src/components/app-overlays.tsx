import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { useEffect } from 'react';
import { TOAST_LIMIT } from '@/config/constants';
import { setOverlaysReady } from '@/lib/overlays-ready';

/**
 * Toasts (000 §8: bottom-left; at most TOAST_LIMIT at once, decision 021) and confirmation dialogs.
 * They sit beside the app rather than around it: the app only uses the `notifications` and `modals` stores, which need no context,
 * so the provider can load this chunk after the first paint (modals pull in ScrollArea and
 * floating-ui, which would otherwise land in the entry chunk of every page). Dialogs asked for before this
 * has mounted wait for it (lib/overlays-ready.ts); toasts are kept in their store meanwhile.
 */
export default function AppOverlays() {
  // Effects run children first: ModalsProvider's window listeners are registered when this one runs.
  useEffect(() => setOverlaysReady(), []);
  return (
    <>
      <ModalsProvider />
      {/* A pointer resting on one toast holds only that one; the others close on time (decision 021). */}
      <Notifications position="bottom-left" limit={TOAST_LIMIT} pauseResetOnHover="notification" />
    </>
  );
}
