import { IconBellOff } from '@tabler/icons-react';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /dashboard/notifications (000 §2). */
export default function NotificationsRoute() {
  return (
    <>
      <PageHeader title="Notifications" />
      <EmptyState text="No Notification found" icon={<IconBellOff size={26} stroke={1.5} />} />
    </>
  );
}
