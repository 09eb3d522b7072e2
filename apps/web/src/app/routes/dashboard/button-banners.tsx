import { useParams } from 'react-router';
import { EmptyState } from '@/components/empty-state';
import { PageHeader } from '@/components/page-header';

/** /dashboard/p/{id}/{target}: banners of one dashboard button (000 §2, 001 §2). */
export default function ButtonBannersRoute() {
  const { target = '' } = useParams();
  return (
    <>
      <PageHeader title={target || 'Banners'} />
      <EmptyState text="No Data Found" />
    </>
  );
}
