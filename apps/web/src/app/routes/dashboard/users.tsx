import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

const COLUMNS = ['Image', 'Name', 'Email', 'Role', 'Status', 'Agent Id', 'Agency', 'Created'];

/** /dashboard/users (001 §2). Rows arrive with the screen's own issue. */
export default function UsersRoute() {
  return (
    <>
      <PageHeader title="All Users" />
      <EmptyTable columns={COLUMNS} emptyText="No Record found." />
    </>
  );
}
