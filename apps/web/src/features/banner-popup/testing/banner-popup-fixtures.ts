import { bannersListResponseSchema, type Banner, type BannersListResponse } from '@portal/contract/banners';
import type { PopupBanner } from '../api/get-popup-banner';

export function buildPopupBanner(overrides: Partial<PopupBanner> = {}): PopupBanner {
  return {
    id: 3,
    name: 'Umrah Groups from Lahore',
    image: '/api/files/banner-3.png',
    status: 1,
    dash_btn_id: null,
    updated_at: '2031-03-01T07:00:00.000Z',
    ...overrides,
  };
}

/** allbanners-list's answer (000 §7: the paginator inside `data`) around `banners`. */
export function buildPopupBannersList(banners: Banner[]): BannersListResponse {
  return bannersListResponseSchema.parse({
    data: { data: banners, current_page: 1, per_page: 20, total: banners.length, last_page: 1, prev_page_url: null, next_page_url: null },
  });
}
