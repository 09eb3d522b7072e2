import { addBannerRoute, type AddBannerBody } from '@portal/contract/banners';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { apiRequest } from '@/lib/api-client';
import { toFormData } from '@/lib/form-data';
import { promotionBannersQueryKey } from './get-promotion-banners';

/** POST add-banner as multipart (dash_btn_id, name, image, status). */
export function createBanner(body: AddBannerBody) {
  return apiRequest(addBannerRoute, { body: toFormData(body) });
}

export function useCreateBanner() {
  const queryClient = useQueryClient();
  return useMutation({ mutationFn: createBanner, onSuccess: () => queryClient.invalidateQueries({ queryKey: promotionBannersQueryKey }) });
}
