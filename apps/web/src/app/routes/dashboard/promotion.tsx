import { PageHeader } from '@/components/page-header';
import { AddBannerButton, BannersTable } from '@/features/promotion/components/banners-table';

/** /dashboard/promotion, Promotion Banner (001 §2): 'All Banners' and the 'Add' banner modal. */
export default function PromotionRoute() {
  return (
    <>
      <PageHeader title="All Banners" actions={<AddBannerButton />} />
      <BannersTable />
    </>
  );
}
