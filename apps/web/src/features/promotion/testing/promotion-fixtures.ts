import { bannerSchema, type Banner } from '@portal/contract/banners';
import { dashButtonSchema, type DashButton } from '@portal/contract/dashboard-buttons';

export function buildBanner(overrides: Partial<Banner> = {}): Banner {
  return bannerSchema.parse({
    id: 1,
    name: 'Umrah Offer',
    image: 'http://localhost:8080/uploads/public/banner/umrah-offer.png',
    status: 1,
    dash_btn_id: 7,
    updated_at: '2031-03-01T07:00:00.000Z',
    ...overrides,
  });
}

export function buildDashButton(overrides: Partial<DashButton> = {}): DashButton {
  return dashButtonSchema.parse({
    id: 7,
    title: 'Umrah',
    target: 'umrah',
    image: 'http://localhost:8080/uploads/public/button/umrah.png',
    status: 1,
    ...overrides,
  });
}

/** A POSTed multipart body from the fetch mock's calls. */
export function postedForm(calls: ReadonlyArray<[input: RequestInfo | URL, init?: RequestInit]>): FormData | undefined {
  const post = calls.find(([, init]) => init?.method === 'POST');
  const body = post?.[1]?.body;
  return body instanceof FormData ? body : undefined;
}
