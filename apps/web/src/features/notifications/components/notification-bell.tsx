import { ActionIcon, Indicator } from '@mantine/core';
import { IconBell } from '@tabler/icons-react';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { useUnreadCount } from '../api/get-unread-count';

/** Header notifications link with the real unread count (PRODUCT §4, §5; the seeds' fixed 0 was a placeholder). */
export function NotificationBell() {
  const unread = useUnreadCount();
  // Real numbers only (issue 21 §10): no badge while nothing is unread, nor until the count arrives.
  const count = unread.data?.count ?? 0;
  const label = count > 99 ? '99+' : String(count);
  return (
    <Indicator
      label={label}
      disabled={count === 0}
      size={16}
      offset={4}
      color="accent.7"
      inline
      data-testid="notification-badge"
    >
      <ActionIcon
        component={Link}
        to={paths.dashboard.notifications.getHref()}
        variant="subtle"
        size="lg"
        aria-label={`Notifications (${count})`}
        title="Notifications"
      >
        <IconBell size={20} />
      </ActionIcon>
    </Indicator>
  );
}
