import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { imageOf, pathOf, PNG_BYTES, pngFile, postForm, uniquePng } from '../../test/uploads.js';
import { dashboardButtons } from '../dashboard-buttons/dashboard-buttons.table.js';
import { banners } from './banners.table.js';

let t: TestApp;
let admin: string;
let agent: string;
let buttonId: number;
let otherButtonId: number;
beforeAll(async () => {
  ({ t, admin, agentToken: agent } = await startAppWithAdminAndAgent());
  const [button, other] = await t.db
    .insert(dashboardButtons)
    .values([
      { title: 'Umrah', target: 'umrah' },
      { title: 'Dubai', target: 'dubai' },
    ])
    .returning({ id: dashboardButtons.id });
  buttonId = button!.id;
  otherButtonId = other!.id;
});
afterAll(() => t.close());

const IMAGE_URL = /^\/uploads\/public\/banner\/[a-z0-9-]+-[0-9a-f]{32}\.png$/;

type Banner = { id: number; name: string; image: string | null; status: 0 | 1; dash_btn_id: number | null; updated_at: string };

async function createBanner(name = 'Umrah Offer', { status = '1', dashBtnId = buttonId } = {}): Promise<Banner> {
  const response = await postForm(
    t.app,
    '/api/add-banner',
    [['dash_btn_id', String(dashBtnId)], ['name', name], ['status', status], ['image', pngFile('offer.png', uniquePng())]],
    admin,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('POST /api/add-banner', () => {
  it('when an admin sends button, name and image, then 201 "added successfully!" with the public image URL and status 1', async () => {
    const bytes = uniquePng();
    const response = await postForm(t.app, '/api/add-banner', [['dash_btn_id', String(buttonId)], ['name', ' Winter Deals '], ['image', pngFile('w.png', bytes)]], admin);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'added successfully!',
      data: {
        id: expect.any(Number),
        name: 'Winter Deals',
        image: expect.stringMatching(IMAGE_URL),
        status: 1,
        dash_btn_id: buttonId,
        updated_at: expect.any(String),
      },
    });
    const image = await t.app.inject({ method: 'GET', url: pathOf(response.json().data.image) });
    expect(image.statusCode).toBe(200);
    expect(await imageOf(image.rawPayload)).toEqual(await imageOf(bytes));
  });

  it('when status 0 is sent, then the banner is inactive', async () => {
    expect((await createBanner('Hidden', { status: '0' })).status).toBe(0);
  });

  it('when button, name and image are missing, then 422 with the three required messages', async () => {
    const response = await postForm(t.app, '/api/add-banner', [['dash_btn_id', ''], ['name', '']], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      dash_btn_id: ['The dash btn id field is required.'],
      name: ['The name field is required.'],
      image: ['The image field is required.'],
    });
  });

  it('when the button does not exist, then 422 "The selected dash btn id is invalid." and nothing is stored', async () => {
    const response = await postForm(t.app, '/api/add-banner', [['dash_btn_id', '999999'], ['name', 'Nowhere'], ['image', pngFile()]], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The selected dash btn id is invalid.', errors: { dash_btn_id: ['The selected dash btn id is invalid.'] } });
    const notANumber = await postForm(t.app, '/api/add-banner', [['dash_btn_id', 'abc'], ['name', 'Nowhere'], ['image', pngFile()]], admin);
    expect(notANumber.json().errors).toEqual({ dash_btn_id: ['The selected dash btn id is invalid.'] });
    expect(await t.db.select().from(banners).where(eq(banners.name, 'Nowhere'))).toEqual([]);
  });

  it('when the image is not an image, then 422 on image; over 2 MB, then 413; nothing stored', async () => {
    const fake = await postForm(
      t.app,
      '/api/add-banner',
      [['dash_btn_id', String(buttonId)], ['name', 'Fake'], ['image', { filename: 'a.png', contentType: 'image/png', data: Buffer.from('hello') }]],
      admin,
    );
    expect(fake.statusCode).toBe(422);
    expect(fake.json().errors).toEqual({ image: ['The image must be a file of type: jpeg, png, webp.'] });
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(2_097_153 - PNG_BYTES.length)]);
    const tooBig = await postForm(t.app, '/api/add-banner', [['dash_btn_id', String(buttonId)], ['name', 'Fake'], ['image', pngFile('big.png', big)]], admin);
    expect(tooBig.statusCode).toBe(413);
    expect(tooBig.json()).toEqual({ message: 'The file may not be greater than 2 MB.' });
    expect(await t.db.select().from(banners).where(eq(banners.name, 'Fake'))).toEqual([]);
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const fields: Array<[string, string]> = [['dash_btn_id', String(buttonId)], ['name', 'X']];
    expect((await postForm(t.app, '/api/add-banner', fields, agent)).json()).toEqual({ message: 'This action is unauthorized.' });
    expect((await postForm(t.app, '/api/add-banner', fields, agent)).statusCode).toBe(403);
    expect((await postForm(t.app, '/api/add-banner', fields)).statusCode).toBe(401);
  });
});

describe('POST /api/update-banner/{id}', () => {
  it('when no new image is sent and one is stored, then it is kept and "updated successfully!"', async () => {
    const banner = await createBanner('Summer');
    const response = await postForm(
      t.app,
      `/api/update-banner/${banner.id}`,
      [['dash_btn_id', String(otherButtonId)], ['name', 'Summer Sale'], ['status', '0']],
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'updated successfully!',
      data: { id: banner.id, name: 'Summer Sale', image: banner.image, status: 0, dash_btn_id: otherButtonId, updated_at: expect.any(String) },
    });
    // Decision 021: an edit moves updated_at, so the banner popup shows the edited banner again.
    expect(Date.parse(response.json().data.updated_at)).toBeGreaterThan(Date.parse(banner.updated_at));
  });

  it('when a new image is sent, then it replaces the stored one and no status keeps the stored one', async () => {
    const banner = await createBanner('Autumn', { status: '0' });
    const response = await postForm(t.app, `/api/update-banner/${banner.id}`, [['dash_btn_id', String(buttonId)], ['name', 'Autumn'], ['image', pngFile('n.png', uniquePng())]], admin);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.image).toMatch(IMAGE_URL);
    expect(response.json().data.image).not.toBe(banner.image);
    expect(response.json().data.status).toBe(0);
  });

  it('when the banner has no image (Remove Image) and none is sent, then 422 "The image field is required."; with one, 200', async () => {
    const banner = await createBanner('Spring');
    await t.db.update(banners).set({ imageFileId: null }).where(eq(banners.id, banner.id));
    const fields: Array<[string, string]> = [['dash_btn_id', String(buttonId)], ['name', 'Spring']];
    const response = await postForm(t.app, `/api/update-banner/${banner.id}`, fields, admin);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The image field is required.', errors: { image: ['The image field is required.'] } });
    const withImage = await postForm(t.app, `/api/update-banner/${banner.id}`, [...fields, ['image', pngFile()]], admin);
    expect(withImage.statusCode).toBe(200);
    expect(withImage.json().data.image).toMatch(IMAGE_URL);
  });

  it('when name and button are empty, then 422 on both; an unknown button, 422 invalid', async () => {
    const banner = await createBanner('Fields');
    const empty = await postForm(t.app, `/api/update-banner/${banner.id}`, [['dash_btn_id', ''], ['name', '']], admin);
    expect(empty.statusCode).toBe(422);
    expect(empty.json().errors).toEqual({ dash_btn_id: ['The dash btn id field is required.'], name: ['The name field is required.'] });
    const unknown = await postForm(t.app, `/api/update-banner/${banner.id}`, [['dash_btn_id', '999999'], ['name', 'Fields']], admin);
    expect(unknown.statusCode).toBe(422);
    expect(unknown.json().errors).toEqual({ dash_btn_id: ['The selected dash btn id is invalid.'] });
  });

  it('when the banner does not exist, then 404; an agent 403; anonymous 401', async () => {
    const fields: Array<[string, string]> = [['dash_btn_id', String(buttonId)], ['name', 'X']];
    const missing = await postForm(t.app, '/api/update-banner/999999', fields, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Banner not found.' });
    expect((await postForm(t.app, '/api/update-banner/1', fields, agent)).statusCode).toBe(403);
    expect((await postForm(t.app, '/api/update-banner/1', fields)).statusCode).toBe(401);
  });
});

describe('GET /api/delete-banner/{id}', () => {
  it('when an admin deletes a banner, then "Deleted successfully!" and a second delete is 404', async () => {
    const banner = await createBanner('Bye');
    const response = await t.app.inject({ method: 'GET', url: `/api/delete-banner/${banner.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted successfully!' });
    expect(await t.db.select().from(banners).where(eq(banners.id, banner.id))).toEqual([]);
    const again = await t.app.inject({ method: 'GET', url: `/api/delete-banner/${banner.id}`, headers: bearer(admin) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Banner not found.' });
  });

  it('when the caller is an agent, then 403 and the banner stays; anonymous, 401', async () => {
    const banner = await createBanner('Stays');
    expect((await t.app.inject({ method: 'GET', url: `/api/delete-banner/${banner.id}`, headers: bearer(agent) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/delete-banner/${banner.id}` })).statusCode).toBe(401);
    expect(await t.db.select().from(banners).where(eq(banners.id, banner.id))).toHaveLength(1);
  });
});

describe('OpenAPI', () => {
  it('when /api/docs/json is read, then the banner writes are documented as admin-only multipart bodies', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths['/api/add-banner'].post.requestBody).toBeDefined();
    expect(document.paths['/api/update-banner/{id}'].post.security).toEqual([{ bearerAuth: [] }]);
    expect(document.paths['/api/delete-banner/{id}'].get).toBeDefined();
    expect(document.paths['/api/banners-list'].get).toBeDefined();
  });
});
