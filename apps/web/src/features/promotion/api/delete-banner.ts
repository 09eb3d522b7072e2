import { deleteBannerRoute } from '@portal/contract/banners';
import { useMutation } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { useRefreshSoon } from '@/lib/paged-list';
import { promotionBannersQueryKey } from './get-promotion-banners';

export function deleteBanner(id: number) {
  return apiRequest(deleteBannerRoute, { params: { id } });
}

/** GET delete-banner/{id}; the list refreshes 2 s later (001 §4). */
export function useDeleteBanner() {
  const refreshSoon = useRefreshSoon(promotionBannersQueryKey);
  return useMutation({ mutationFn: deleteBanner, onSuccess: refreshSoon });
}
