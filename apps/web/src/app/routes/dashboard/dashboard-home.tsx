import { PageHeader } from '@/components/page-header';
import { DashboardOverview } from '@/features/dashboard/components/dashboard-overview';
import { useSession } from '@/lib/session';

/** /dashboard (000 §2): admins see summary cards and lists, agents sector cards and the carousel. */
export default function DashboardHomeRoute() {
  const session = useSession();
  return (
    <>
      <PageHeader title="Dashboard" description={session ? `Welcome, ${session.name}` : undefined} />
      <DashboardOverview />
    </>
  );
}
