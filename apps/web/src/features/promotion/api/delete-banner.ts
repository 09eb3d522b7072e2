import { deleteBannerRoute } from '@portal/contract/banners';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshList } from '@/lib/paged-list';
import { promotionBannersQueryKey } from './get-promotion-banners';

export function deleteBanner(id: number) {
  return apiRequest(deleteBannerRoute, { params: { id } });
}

/** GET delete-banner/{id}; the list refreshes before the toast (decision 021). */
export function useDeleteBanner() {
  const refreshList = useRefreshList(promotionBannersQueryKey);
  return useMutation({ mutationFn: deleteBanner, onSuccess: refreshList });
}
