import { updateBannerRoute, type UpdateBannerInput } from '@portal/contract/banners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { promotionBannersQueryKey } from './get-promotion-banners';

/** POST update-banner/{id}; no image keeps the stored one. */
export function updateBanner({ id, body }: { id: number; body: UpdateBannerInput }) {
  return apiRequest(updateBannerRoute, { params: { id }, body: toFormData(body) });
}

export function useUpdateBanner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: updateBanner, onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionBannersQueryKey }) });
}
