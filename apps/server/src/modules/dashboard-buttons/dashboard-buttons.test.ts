import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { imageOf, pathOf, PNG_BYTES, pngFile, postForm, uniquePng } from '../../test/uploads.js';
import { banners } from '../banners/banners.table.js';
import { dashboardButtons } from './dashboard-buttons.table.js';

let t: TestApp;
let admin: string;
let agent: string;
beforeAll(async () => {
  ({ t, admin, agentToken: agent } = await startAppWithAdminAndAgent());
});
afterAll(() => t.close());

const IMAGE_URL = /^\/uploads\/public\/button\/[a-z0-9-]+-[0-9a-f]{32}\.png$/;

type DashButton = { id: number; title: string; target: string; image: string | null; status: 0 | 1 };

async function createButton(title = 'Umrah', target = 'umrah', status = '1'): Promise<DashButton> {
  const response = await postForm(
    t.app,
    '/api/add-button',
    [['title', title], ['target', target], ['status', status], ['image', pngFile('umrah.png', uniquePng())]],
    admin,
  );
  expect(response.statusCode, response.body).toBe(201);
  return response.json().data;
}

describe('POST /api/add-button', () => {
  it('when an admin sends title, target and image, then 201 "added successfully!" with the public image URL and status 1', async () => {
    const bytes = uniquePng();
    const response = await postForm(t.app, '/api/add-button', [['title', ' Umrah '], ['target', 'umrah'], ['image', pngFile('u.png', bytes)]], admin);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'added successfully!',
      data: { id: expect.any(Number), title: 'Umrah', target: 'umrah', image: expect.stringMatching(IMAGE_URL), status: 1 },
    });
    const image = await t.app.inject({ method: 'GET', url: pathOf(response.json().data.image) });
    expect(image.statusCode).toBe(200);
    expect(await imageOf(image.rawPayload)).toEqual(await imageOf(bytes));
  });

  it('when status 0 is sent, then the button is inactive', async () => {
    expect((await createButton('Hajj', 'hajj', '0')).status).toBe(0);
  });

  it('when title, target and image are missing, then 422 with the three required messages', async () => {
    const response = await postForm(t.app, '/api/add-button', [['title', ''], ['target', '  ']], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      title: ['The title field is required.'],
      target: ['The target field is required.'],
      image: ['The image field is required.'],
    });
  });

  it('when the image is text named image.png, then 422 on image and nothing is stored', async () => {
    const response = await postForm(
      t.app,
      '/api/add-button',
      [['title', 'Fake'], ['target', 'fake'], ['image', { filename: 'image.png', contentType: 'image/png', data: Buffer.from('hello') }]],
      admin,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ image: ['The image must be a file of type: jpeg, png, webp.'] });
    expect(await t.db.select().from(dashboardButtons).where(eq(dashboardButtons.title, 'Fake'))).toEqual([]);
  });

  it('when the image is 2 MB + 1 byte, then 413 and nothing is stored', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(2_097_153 - PNG_BYTES.length)]);
    const response = await postForm(t.app, '/api/add-button', [['title', 'Big'], ['target', 'big'], ['image', pngFile('big.png', big)]], admin);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The file may not be greater than 2 MB.' });
    expect(await t.db.select().from(dashboardButtons).where(eq(dashboardButtons.title, 'Big'))).toEqual([]);
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const fields: Array<[string, string]> = [['title', 'X'], ['target', 'x']];
    const forbidden = await postForm(t.app, '/api/add-button', fields, agent);
    expect(forbidden.statusCode).toBe(403);
    expect(forbidden.json()).toEqual({ message: 'This action is unauthorized.' });
    const anonymous = await postForm(t.app, '/api/add-button', fields);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('POST /api/update-Button/{id}', () => {
  it('when no new image is sent and one is stored, then it is kept and "updated successfully!"', async () => {
    const button = await createButton('Dubai', 'dubai');
    const response = await postForm(t.app, `/api/update-Button/${button.id}`, [['title', 'Dubai Visa'], ['target', 'dubai-visa'], ['status', '0']], admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'updated successfully!',
      data: { id: button.id, title: 'Dubai Visa', target: 'dubai-visa', image: button.image, status: 0 },
    });
  });

  it('when a new image is sent, then it replaces the stored one; no status keeps the stored one', async () => {
    const button = await createButton('Baku', 'baku', '0');
    const response = await postForm(t.app, `/api/update-Button/${button.id}`, [['title', 'Baku'], ['target', 'baku'], ['image', pngFile('n.png', uniquePng())]], admin);
    expect(response.statusCode).toBe(200);
    const data = response.json().data as DashButton;
    expect(data.image).toMatch(IMAGE_URL);
    expect(data.image).not.toBe(button.image);
    expect(data.status).toBe(0);
  });

  it('when the image was removed (none stored) and no new one is sent, then 422 "The image field is required."', async () => {
    const button = await createButton('Tashkent', 'tashkent');
    await t.db.update(dashboardButtons).set({ imageFileId: null }).where(eq(dashboardButtons.id, button.id));
    const response = await postForm(t.app, `/api/update-Button/${button.id}`, [['title', 'Tashkent'], ['target', 'tashkent']], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({ message: 'The image field is required.', errors: { image: ['The image field is required.'] } });
    const withImage = await postForm(t.app, `/api/update-Button/${button.id}`, [['title', 'Tashkent'], ['target', 'tashkent'], ['image', pngFile()]], admin);
    expect(withImage.statusCode).toBe(200);
    expect(withImage.json().data.image).toMatch(IMAGE_URL);
  });

  it('when title and target are empty, then 422 on both', async () => {
    const button = await createButton();
    const response = await postForm(t.app, `/api/update-Button/${button.id}`, [['title', ''], ['target', '']], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ title: ['The title field is required.'], target: ['The target field is required.'] });
  });

  it('when the button does not exist, then 404; an agent 403; anonymous 401', async () => {
    const fields: Array<[string, string]> = [['title', 'X'], ['target', 'x']];
    const missing = await postForm(t.app, '/api/update-Button/999999', fields, admin);
    expect(missing.statusCode).toBe(404);
    expect(missing.json()).toEqual({ message: 'Dashboard button not found.' });
    expect((await postForm(t.app, '/api/update-Button/1', fields, agent)).statusCode).toBe(403);
    expect((await postForm(t.app, '/api/update-Button/1', fields)).statusCode).toBe(401);
  });

  it('when the image is over 2 MB, then 413 and the button is unchanged', async () => {
    const button = await createButton('Keep', 'keep');
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(2_097_153 - PNG_BYTES.length)]);
    const response = await postForm(t.app, `/api/update-Button/${button.id}`, [['title', 'Changed'], ['target', 'keep'], ['image', pngFile('big.png', big)]], admin);
    expect(response.statusCode).toBe(413);
    const [row] = await t.db.select().from(dashboardButtons).where(eq(dashboardButtons.id, button.id));
    expect(row?.title).toBe('Keep');
  });
});

describe('GET /api/deletedashbtn/{id}', () => {
  it('when an admin deletes a button, then it is gone and its banners stay without a button', async () => {
    const button = await createButton('Gone', 'gone');
    const [banner] = await t.db.insert(banners).values({ name: 'Orphan', dashBtnId: button.id }).returning();
    const response = await t.app.inject({ method: 'GET', url: `/api/deletedashbtn/${button.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Deleted successfully!' });
    expect(await t.db.select().from(dashboardButtons).where(eq(dashboardButtons.id, button.id))).toEqual([]);
    const [kept] = await t.db.select().from(banners).where(eq(banners.id, banner!.id));
    expect(kept?.dashBtnId).toBeNull();
    const again = await t.app.inject({ method: 'GET', url: `/api/deletedashbtn/${button.id}`, headers: bearer(admin) });
    expect(again.statusCode).toBe(404);
  });

  it('when the caller is an agent, then 403 and the button stays; anonymous, 401; a bad id, 422', async () => {
    const button = await createButton('Stay', 'stay');
    expect((await t.app.inject({ method: 'GET', url: `/api/deletedashbtn/${button.id}`, headers: bearer(agent) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/deletedashbtn/${button.id}` })).statusCode).toBe(401);
    expect(await t.db.select().from(dashboardButtons).where(eq(dashboardButtons.id, button.id))).toHaveLength(1);
    const bad = await t.app.inject({ method: 'GET', url: '/api/deletedashbtn/abc', headers: bearer(admin) });
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ id: ['The id must be a number.'] });
  });
});

describe('GET /api/list-of-dashbtn', () => {
  async function list(query: string, token = admin) {
    return t.app.inject({ method: 'GET', url: `/api/list-of-dashbtn${query}`, headers: bearer(token) });
  }

  it('when no page is asked for, then every button comes in one page, oldest first, inactive ones included', async () => {
    await t.db.delete(dashboardButtons);
    const made: DashButton[] = [];
    for (let index = 0; index < 22; index++) made.push(await createButton(`Button ${index}`, `b${index}`, index === 3 ? '0' : '1'));
    const response = await list('');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body.data.map((button: DashButton) => button.id)).toEqual(made.map((button) => button.id));
    expect(body.data[3]).toEqual(made[3]);
    expect(body).toMatchObject({ current_page: 1, per_page: 22, total: 22, last_page: 1, next_page_url: null, prev_page_url: null });
  });

  it('when ?page=N is asked for, then 20 a page with the next page linked', async () => {
    const first = (await list('?page=1')).json();
    expect(first).toMatchObject({ current_page: 1, per_page: 20, total: 22, last_page: 2, next_page_url: 'http://localhost:8080/api/list-of-dashbtn?page=2' });
    expect(first.data).toHaveLength(20);
    const second = (await list('?page=2')).json();
    expect(second.data.map((button: DashButton) => button.title)).toEqual(['Button 20', 'Button 21']);
  });

  it('when the page is not a number, then 422; an agent, 403; anonymous, 401', async () => {
    const bad = await list('?page=x');
    expect(bad.statusCode).toBe(422);
    expect(bad.json().errors).toEqual({ page: ['The page must be a number.'] });
    expect((await list('', agent)).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/list-of-dashbtn' })).statusCode).toBe(401);
  });
});

describe('OpenAPI', () => {
  it('when /api/docs/json is read, then the button calls are documented', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    expect(document.paths['/api/add-button'].post.requestBody).toBeDefined();
    expect(document.paths['/api/update-Button/{id}'].post).toBeDefined();
    expect(document.paths['/api/deletedashbtn/{id}'].get).toBeDefined();
    expect(document.paths['/api/list-of-dashbtn'].get.parameters.map((p: { name: string }) => p.name)).toContain('page');
  });
});
