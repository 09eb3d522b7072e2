import { Avatar, Badge, Group, Paper, Stack, Text, UnstyledButton } from '@mantine/core';
import { NO_NOTIFICATION_TEXT, NOTIFICATION_MISSING_TEXT, type Notification } from '@portal/contract/notifications';
import { IconBellOff } from '@tabler/icons-react';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageLoader } from '@/components/page-loader';
import { PagerFooter } from '@/components/pager-footer';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/format';
import { useNotifications } from '../api/get-notifications';
import { useMarkNotificationsRead } from '../api/mark-notifications-read';
import { useListPager } from '@/lib/list-params';

const orMissing = (value: string | null | undefined) => value?.trim() || NOTIFICATION_MISSING_TEXT;

function NotificationItem({ notification }: { notification: Notification }) {
  const unread = notification.read_at === null;
  const content: ReactNode = (
    <Group wrap="nowrap" align="flex-start" gap="md" p="md">
      <Avatar
        src={notification.image || null}
        alt={orMissing(notification.name)}
        name={notification.name ?? undefined}
        radius="xl"
        color="brand"
      />
      <Stack gap={2} style={{ flex: 1, minWidth: 0 }}>
        <Group gap="xs" wrap="nowrap">
          <Text fw={600} size="sm" truncate>
            {orMissing(notification.name)}
          </Text>
          {unread ? (
            <Badge size="xs" color="accent.7" variant="filled">
              New
            </Badge>
          ) : null}
        </Group>
        <Text size="sm">{orMissing(notification.message)}</Text>
        <Text size="xs" c="dimmed">
          {formatDateTime(notification.created_at)}
        </Text>
      </Stack>
    </Group>
  );
  return (
    <Paper withBorder radius="md" bg={unread ? 'var(--mantine-color-blue-0)' : undefined} data-testid="notification-item">
      {notification.src === null ? (
        content
      ) : (
        // 000 §2: each notification links to its booking.
        <UnstyledButton component={Link} to={paths.dashboard.book.getHref(notification.src)} display="block" w="100%">
          {content}
        </UnstyledButton>
      )}
    </Paper>
  );
}

/**
 * The Notifications page (000 §2): the caller's notifications, newest first, page by page; each links to
 * /dashboard/book/{src}; missing fields read 'N/A' (000 §3); empty: 'No Notification found'. Opening the page
 * marks them all read once the first page is shown, so the badge drops to 0 while the rows that were new
 * keep their mark until the page is opened again.
 */
export function NotificationsList() {
  const list = useNotifications(useListPager());
  const { mutate: markAllRead } = useMarkNotificationsRead();
  const marked = useRef(false);
  const loaded = !list.isLoading && list.error === null;

  useEffect(() => {
    if (!loaded || marked.current) return;
    marked.current = true;
    // 000 §8: notification errors are not shown.
    markAllRead({ all: 1 });
  }, [loaded, markAllRead]);

  if (list.isLoading) return <PageLoader />;
  if (list.rows.length === 0) return <EmptyState text={NO_NOTIFICATION_TEXT} icon={<IconBellOff size={26} stroke={1.5} />} />;
  return (
    <Stack gap="sm">
      {list.rows.map((notification) => (
        <NotificationItem key={notification.id} notification={notification} />
      ))}
      <Paper withBorder radius="md" p={0}>
        <PagerFooter list={list} />
      </Paper>
    </Stack>
  );
}
