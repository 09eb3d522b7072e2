import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { pngFile, postForm } from '../../test/uploads.js';
import { insertUserWithToken } from '../bookings/booking-lifecycle.factories.js';
import { dashboardButtons } from '../dashboard-buttons/dashboard-buttons.table.js';
import { banners } from './banners.table.js';

let t: TestApp;
let adminToken: string;
let agentToken: string;
const ids = { button: 0, otherButton: 0, offButton: 0, older: 0, newer: 0, inactive: 0, other: 0 };

const minutesAgo = (minutes: number) => new Date(Date.now() - minutes * 60_000);

beforeAll(async () => {
  t = await buildTestApp();
  adminToken = (await insertUserWithToken(t.db, { role: 'admin' })).token;
  agentToken = (await insertUserWithToken(t.db)).token;
  const buttons = await t.db
    .insert(dashboardButtons)
    .values([
      { title: 'Umrah', target: 'umrah' },
      { title: 'Dubai', target: 'dubai' },
      { title: 'Old', target: 'old', status: false },
    ])
    .returning({ id: dashboardButtons.id });
  [ids.button, ids.otherButton, ids.offButton] = buttons.map((button) => button.id) as [number, number, number];
  const insert = async (values: typeof banners.$inferInsert) => (await t.db.insert(banners).values(values).returning({ id: banners.id }))[0]!.id;
  ids.older = await insert({ name: 'Umrah Older', dashBtnId: ids.button, createdAt: minutesAgo(30) });
  ids.inactive = await insert({ name: 'Umrah Off', dashBtnId: ids.button, status: false, createdAt: minutesAgo(20) });
  ids.newer = await insert({ name: 'Umrah Newer', dashBtnId: ids.button, createdAt: minutesAgo(10) });
  ids.other = await insert({ name: 'Dubai', dashBtnId: ids.otherButton, createdAt: minutesAgo(5) });
  await insert({ name: 'Old Button Banner', dashBtnId: ids.offButton });
});
afterAll(() => t.close());

function list(token: string | null, headers: Record<string, string>, query = '') {
  return t.app.inject({ method: 'GET', url: `/api/banners-list${query}`, headers: { ...headers, ...(token ? bearer(token) : {}) } });
}

describe('GET /api/banners-list (header Dash-Btn-Id)', () => {
  it('when an agent asks for a button, then only its active banners come, newest first, inside data', async () => {
    const response = await list(agentToken, { 'Dash-Btn-Id': String(ids.button) });
    expect(response.statusCode).toBe(200);
    const data = response.json().data;
    expect(data.data.map((banner: { id: number }) => banner.id)).toEqual([ids.newer, ids.older]);
    expect(data).toMatchObject({ current_page: 1, per_page: 20, total: 2, next_page_url: null });
  });

  it('when an admin asks, then the inactive banners stay out too (the page shows what the carousel shows)', async () => {
    const response = await list(adminToken, { 'dash-btn-id': String(ids.button) });
    expect(response.json().data.data.map((banner: { id: number }) => banner.id)).toEqual([ids.newer, ids.older]);
  });

  it('when the header is missing, then 422 on dash_btn_id', async () => {
    const response = await list(agentToken, {});
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The Dash-Btn-Id header field is required.',
      errors: { dash_btn_id: ['The Dash-Btn-Id header field is required.'] },
    });
  });

  it('when the header is not an id, then 422', async () => {
    for (const value of ['abc', '0', '-3', '1.5']) {
      const response = await list(agentToken, { 'Dash-Btn-Id': value });
      expect(response.statusCode, value).toBe(422);
      expect(response.json().errors).toEqual({ dash_btn_id: ['The Dash-Btn-Id header must be a valid id.'] });
    }
  });

  it('when the button does not exist, then 404', async () => {
    const response = await list(agentToken, { 'Dash-Btn-Id': '999999' });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Dashboard button not found.' });
  });

  it('when the button is switched off, then an agent gets 404 and an admin its active banners', async () => {
    expect((await list(agentToken, { 'Dash-Btn-Id': String(ids.offButton) })).statusCode).toBe(404);
    const admin = await list(adminToken, { 'Dash-Btn-Id': String(ids.offButton) });
    expect(admin.statusCode).toBe(200);
    expect(admin.json().data.total).toBe(1);
  });

  it('when there is no token, then 401', async () => {
    const response = await list(null, { 'Dash-Btn-Id': String(ids.button) });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when a button has more than 20 active banners, then page 2 holds the rest and the link keeps the path', async () => {
    await t.db.insert(banners).values(Array.from({ length: 20 }, (_, index) => ({ name: `D${index}`, dashBtnId: ids.otherButton, createdAt: minutesAgo(60 + index) })));
    const first = (await list(agentToken, { 'Dash-Btn-Id': String(ids.otherButton) })).json().data;
    expect(first).toMatchObject({ total: 21, last_page: 2, next_page_url: 'http://localhost:8080/api/banners-list?page=2' });
    expect(first.data[0].id).toBe(ids.other);
    const second = (await list(agentToken, { 'Dash-Btn-Id': String(ids.otherButton) }, '?page=2')).json().data;
    expect(second.data.map((banner: { name: string }) => banner.name)).toEqual(['D19']);
  });
});

describe('switching a banner off through update-banner', () => {
  it('when an admin sets status 0, then agents see it neither on the carousel list nor on the button page; admins still list it', async () => {
    const update = await postForm(t.app, `/api/update-banner/${ids.newer}`, [['dash_btn_id', String(ids.button)], ['name', 'Umrah Newer'], ['status', '0']], adminToken);
    // The banner has no image: the update must carry one (001 §5), so this also checks that rule holds first.
    expect(update.statusCode).toBe(422);
    const withImage = await postForm(
      t.app,
      `/api/update-banner/${ids.newer}`,
      [['dash_btn_id', String(ids.button)], ['name', 'Umrah Newer'], ['status', '0'], ['image', pngFile()]],
      adminToken,
    );
    expect(withImage.statusCode).toBe(200);
    const idsOf = (response: { json: () => { data: { data: Array<{ id: number }> } } }) => response.json().data.data.map((banner) => banner.id);
    const carousel = await t.app.inject({ method: 'GET', url: '/api/allbanners-list', headers: bearer(agentToken) });
    expect(idsOf(carousel)).not.toContain(ids.newer);
    expect(idsOf(carousel)).toContain(ids.older);
    expect(idsOf(await list(agentToken, { 'Dash-Btn-Id': String(ids.button) }))).toEqual([ids.older]);
    expect(idsOf(await t.app.inject({ method: 'GET', url: '/api/allbanners-list', headers: bearer(adminToken) }))).toContain(ids.newer);
  });
});
