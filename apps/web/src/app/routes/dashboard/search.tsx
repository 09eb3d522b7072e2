import { useParams } from 'react-router';
import { EmptyTable } from '@/components/empty-table';
import { PageHeader } from '@/components/page-header';

/** /dashboard/search/{query}: agents found by e-mail (000 §2). */
export default function DashboardSearchRoute() {
  const { query = '' } = useParams();
  return (
    <>
      <PageHeader title="Search Result" description={`Results for “${query}”`} />
      <EmptyTable columns={['Id', 'Name']} emptyText="No Agent Found" />
    </>
  );
}
