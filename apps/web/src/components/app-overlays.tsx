import { ModalsProvider } from '@mantine/modals';
import { Notifications } from '@mantine/notifications';
import { TOAST_LIMIT } from '@/config/constants';

/**
 * Toasts (000 §8: bottom-left, at most 20) and confirmation dialogs. They sit beside the app rather
 * than around it: the app only uses the `notifications` and `modals` stores, which need no context,
 * so the provider can load this chunk after the first paint (modals pull in ScrollArea and
 * floating-ui, which would otherwise land in the entry chunk of every page).
 */
export default function AppOverlays() {
  return (
    <>
      <ModalsProvider />
      <Notifications position="bottom-left" limit={TOAST_LIMIT} />
    </>
  );
}
