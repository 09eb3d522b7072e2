import { Anchor, Avatar, Button, Group, Stack, Text } from '@mantine/core';
import { notifications, notificationsStore } from '@mantine/notifications';
import { NOTIFICATION_MISSING_TEXT, type NotificationEvent } from '@portal/contract/notifications';
import { paths } from '@/config/paths';

/**
 * How long a pushed notification stays unless closed or pointed at: longer than a success toast (2 s), since it
 * was not asked for, short enough not to sit over the page (issue 21 §6, decision 021).
 */
export const NOTIFICATION_TOAST_MS = 6000;
/**
 * Pushed notifications on screen at once: a newer one replaces the oldest. A burst (ten holds expiring together)
 * would otherwise queue behind each other for a minute; the bell and the Notifications page keep them all.
 */
export const NOTIFICATION_TOAST_LIMIT = 2;
const TOAST_ID_PREFIX = 'notification-';

type NotificationToastProps = {
  event: NotificationEvent;
  onOpen: () => void;
  onClose: () => void;
};

/**
 * 000 §7: the bottom-left toast of a pushed notification: the sender's image, name and message, a link to
 * /dashboard/bookings and a Close button. Toasts render outside the router, so the link navigates through
 * onOpen (given by the hook, which runs inside it) and keeps a real href for opening in a new tab.
 */
/** Where 'View Bookings' goes: the booking the notification is about (issue 21 §6), else the bookings list. */
export function notificationTarget(event: NotificationEvent): string {
  return event.src !== null ? paths.dashboard.book.getHref(event.src) : paths.dashboard.bookings.getHref();
}

export function NotificationToast({ event, onOpen, onClose }: NotificationToastProps) {
  const name = event.name?.trim() || NOTIFICATION_MISSING_TEXT;
  return (
    <Group align="flex-start" wrap="nowrap" gap="sm" data-testid="notification-toast">
      <Avatar src={event.image || null} alt={name} name={event.name ?? undefined} radius="xl" color="brand" />
      <Stack gap={4} style={{ flex: 1, minWidth: 0 }}>
        <Text fw={600} size="sm">
          {name}
        </Text>
        <Text size="sm">{event.message?.trim() || NOTIFICATION_MISSING_TEXT}</Text>
        <Group gap="sm" mt={4}>
          <Anchor
            href={notificationTarget(event)}
            size="sm"
            onClick={(click) => {
              click.preventDefault();
              onOpen();
            }}
          >
            View Bookings
          </Anchor>
          <Button size="compact-xs" variant="default" onClick={onClose}>
            Close
          </Button>
        </Group>
      </Stack>
    </Group>
  );
}

/** Hides the oldest other pushed-notification toasts (shown or waiting) so that `id` makes NOTIFICATION_TOAST_LIMIT. */
function makeRoomFor(id: string): void {
  const { notifications: shown, queue } = notificationsStore.getState();
  const pushed = [...shown, ...queue].filter((toast) => toast.id !== id && String(toast.id).startsWith(TOAST_ID_PREFIX));
  for (const toast of pushed.slice(0, Math.max(0, pushed.length - NOTIFICATION_TOAST_LIMIT + 1))) {
    if (toast.id !== undefined) notifications.hide(toast.id);
  }
}

/** Shows one pushed notification in the app's Mantine notifications (bottom-left: components/app-overlays.tsx). */
export function showNotificationToast(event: NotificationEvent, { onOpen }: { onOpen: () => void }): void {
  const id = `${TOAST_ID_PREFIX}${event.id}`;
  const hide = () => notifications.hide(id);
  makeRoomFor(id);
  notifications.show({
    id,
    withCloseButton: false,
    autoClose: NOTIFICATION_TOAST_MS,
    message: (
      <NotificationToast
        event={event}
        onClose={hide}
        onOpen={() => {
          hide();
          onOpen();
        }}
      />
    ),
  });
}
