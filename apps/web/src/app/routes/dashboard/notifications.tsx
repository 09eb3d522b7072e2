import { PageHeader } from '@/components/page-header';
import { NotificationsList } from '@/features/notifications/components/notifications-list';

/** /dashboard/notifications (000 §2): the caller's notifications; opening the page marks them read (PRODUCT §4). */
export default function NotificationsRoute() {
  return (
    <>
      <PageHeader title="Notifications" />
      <NotificationsList />
    </>
  );
}
