import { BANNERS_PER_PAGE, type BannersListResponse } from '@portal/contract/banners';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { dashboardButtons } from '../dashboard-buttons/dashboard-buttons.table.js';
import { files } from '../files/files.table.js';
import { banners } from './banners.table.js';

let t: TestApp;
let adminToken: string;
let agentToken: string;
let buttonId: number;
/** Oldest first: an active banner, a switched-off one, and the newest, active, whose image is gone. */
const ids = { oldActive: 0, inactive: 0, newActive: 0 };
const imagePath = 'public/banner/umrah-offer.png';

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await insertUserWithToken(t.db, { role: 'admin' })).token;
  agentToken = (await insertUserWithToken(t.db)).token;
  const [image] = await t.db
    .insert(files)
    .values({ kind: 'banner', storagePath: imagePath, originalName: 'umrah.png', mime: 'image/png', size: 10, visibility: 'public' })
    .returning({ id: files.id });
  const [button] = await t.db.insert(dashboardButtons).values({ title: 'Umrah', target: 'umrah' }).returning({ id: dashboardButtons.id });
  buttonId = button!.id;
  const insert = async (values: typeof banners.$inferInsert) => (await t.db.insert(banners).values(values).returning({ id: banners.id }))[0]!.id;
  ids.oldActive = await insert({ name: 'Umrah Offer', imageFileId: image!.id, dashBtnId: buttonId, createdAt: minutesAgo(30) });
  ids.inactive = await insert({ name: 'Old Hajj', imageFileId: image!.id, status: false, createdAt: minutesAgo(20) });
  ids.newActive = await insert({ name: 'Winter Deals', imageFileId: null, dashBtnId: buttonId, createdAt: minutesAgo(10) });
});
afterAll(() => t.close());

function list(token: string | null, page?: number) {
  return t.app.inject({ method: 'GET', url: `/api/allbanners-list${page === undefined ? '' : `?page=${page}`}`, headers: token ? bearer(token) : {} });
}

async function listOf(token: string, page?: number): Promise<BannersListResponse['data']> {
  const response = await list(token, page);
  expect(response.statusCode, response.body).toBe(200);
  return (response.json() as BannersListResponse).data;
}

const ISO_INSTANT = expect.stringMatching(/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}\.\d{3}Z$/);

describe('GET /api/allbanners-list', () => {
  it('when an admin lists, then every banner comes newest first with its public image URL and status', async () => {
    const data = await listOf(adminToken);
    expect(data.data).toEqual([
      { id: ids.newActive, name: 'Winter Deals', image: null, status: 1, dash_btn_id: buttonId, updated_at: ISO_INSTANT },
      { id: ids.inactive, name: 'Old Hajj', image: `/uploads/${imagePath}`, status: 0, dash_btn_id: null, updated_at: ISO_INSTANT },
      { id: ids.oldActive, name: 'Umrah Offer', image: `/uploads/${imagePath}`, status: 1, dash_btn_id: buttonId, updated_at: ISO_INSTANT },
    ]);
    expect(data).toMatchObject({ current_page: 1, per_page: BANNERS_PER_PAGE, total: 3, last_page: 1, prev_page_url: null, next_page_url: null });
  });

  it('when an agent lists, then only the active banners come', async () => {
    const data = await listOf(agentToken);
    expect(data.data.map((banner) => banner.id)).toEqual([ids.newActive, ids.oldActive]);
    expect(data.total).toBe(2);
  });

  it('when there is no token, then 401', async () => {
    const response = await list(null);
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when there are more banners than a page holds, then the paginator inside data links the next page', async () => {
    await t.db.insert(banners).values(Array.from({ length: 20 }, (_, index) => ({ name: `Promo ${index}`, createdAt: minutesAgo(5 - index / 10) })));
    const first = await listOf(adminToken);
    expect(first).toMatchObject({ total: 23, last_page: 2, next_page_url: `${t.config.publicUrl}/api/allbanners-list?page=2` });
    expect(first.data).toHaveLength(BANNERS_PER_PAGE);
    const second = await listOf(adminToken, 2);
    expect(second.data.map((banner) => banner.id)).toEqual([ids.newActive, ids.inactive, ids.oldActive]);
    expect(second).toMatchObject({ current_page: 2, next_page_url: null });
    const agentSecond = await listOf(agentToken, 2);
    expect(agentSecond.total).toBe(22);
    expect(agentSecond.data.map((banner) => banner.id)).toEqual([ids.newActive, ids.oldActive]);
  });
});

describe('GET /api/public-banners', () => {
  it("when a visitor without a session asks, then it gets what an agent gets: the active banners only, newest first, paged", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public-banners?page=1' });
    expect(response.statusCode).toBe(200);
    const data = (response.json() as BannersListResponse).data;
    const agents = await listOf(agentToken, 1);
    expect(data.data).toEqual(agents.data);
    expect(data.total).toBe(agents.total);
    expect(data.next_page_url).toBe(agents.next_page_url?.replace('/allbanners-list', '/public-banners') ?? null);
    expect(data.data.every((banner) => banner.status === 1)).toBe(true);
  });

  it("when an admin's token comes along, then the answer is still the public one (active only)", async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/public-banners', headers: bearer(adminToken) });
    expect(response.statusCode).toBe(200);
    const data = (response.json() as BannersListResponse).data;
    expect(data.total).toBe((await listOf(agentToken)).total);
    expect(data.total).toBeLessThan((await listOf(adminToken)).total);
  });
});
