import { PageHeader } from '@/components/page-header';
import { UsersTable } from '@/features/agents/components/users-table';

/** /dashboard/users, All Users (001 §2, admin). */
export default function UsersRoute() {
  return (
    <>
      <PageHeader title="All Users" />
      <UsersTable />
    </>
  );
}
