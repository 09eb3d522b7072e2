import { useParams } from 'react-router';
import { PageHeader } from '@/components/page-header';
import { ButtonBannersGallery } from '@/features/promotion/components/button-banners-gallery';

/** /dashboard/p/{id}/{target}: the banners of one dashboard button (000 §2, 001 §2). */
export default function ButtonBannersRoute() {
  const { id = '', target = '' } = useParams();
  return (
    <>
      <PageHeader title={target || 'Banners'} />
      <ButtonBannersGallery key={id} dashBtnId={id} />
    </>
  );
}
