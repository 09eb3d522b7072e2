import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { insertGroupRow } from '../../test/group-rows.js';
import { daysFromToday, insertMySector } from '../../test/inventory-factories.js';
import { imageOf, JPEG_BYTES, pathOf, pngFile, postForm, uniquePng } from '../../test/uploads.js';
import { mySectors } from './my-sectors.table.js';

let t: TestApp;
let admin: string;
let agent: string;
beforeAll(async () => {
  ({ t, admin, agentToken: agent } = await startAppWithAdminAndAgent());
});
afterAll(() => t.close());

const IMAGE_URL = /^\/uploads\/public\/my_sector_image\/[a-z0-9-]+-[0-9a-f]{32}\.(png|jpg|webp)$/;

type MySector = { id: number; name: string; image: string | null; status: 0 | 1; totalpnr: number };

async function createMySector(name = 'Umrah Jeddah'): Promise<MySector> {
  const response = await postForm(t.app, '/api/add-mysector', [['name', name], ['image', pngFile('umrah.png', uniquePng())]], admin);
  expect(response.statusCode).toBe(201);
  return response.json().data;
}

async function listAll(): Promise<MySector[]> {
  const rows: MySector[] = [];
  for (let page = 1; ; page++) {
    const body = (await t.app.inject({ method: 'GET', url: `/api/listofmysectors?page=${page}`, headers: bearer(admin) })).json();
    rows.push(...body.data);
    if (!body.next_page_url) return rows;
  }
}

describe('POST /api/add-mysector', () => {
  it('when an admin sends a name and an image, then 201 with the image URL, status 1 and no PNRs yet', async () => {
    const bytes = uniquePng();
    const response = await postForm(t.app, '/api/add-mysector', [['name', ' Umrah Jeddah '], ['image', pngFile('jeddah.png', bytes)]], admin);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'My sector added successfully!',
      data: { id: expect.any(Number), name: 'Umrah Jeddah', image: expect.stringMatching(IMAGE_URL), status: 1, totalpnr: 0 },
    });
    const image = await t.app.inject({ method: 'GET', url: pathOf(response.json().data.image) });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(await imageOf(image.rawPayload)).toEqual(await imageOf(bytes));
  });

  it('when status 0 is sent, then the my-sector is inactive', async () => {
    const response = await postForm(t.app, '/api/add-mysector', [['name', 'Riyadh'], ['status', '0'], ['image', pngFile()]], admin);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.status).toBe(0);
  });

  it('when name and image are missing, then 422 with both required messages', async () => {
    const response = await postForm(t.app, '/api/add-mysector', [['name', ''], ['status', '1']], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The name field is required.',
      errors: { name: ['The name field is required.'], image: ['The image field is required.'] },
    });
  });

  it('when the image is a text file named image.png, then 422 on image', async () => {
    const response = await postForm(
      t.app,
      '/api/add-mysector',
      [['name', 'Fake'], ['image', { filename: 'image.png', contentType: 'image/png', data: Buffer.from('hello') }]],
      admin,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ image: ['The image must be a file of type: jpeg, png, webp.'] });
    expect(await t.db.select().from(mySectors).where(eq(mySectors.name, 'Fake'))).toEqual([]);
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const fields: Array<[string, string | ReturnType<typeof pngFile>]> = [['name', 'X'], ['image', pngFile()]];
    expect((await postForm(t.app, '/api/add-mysector', fields, agent)).statusCode).toBe(403);
    const anonymous = await postForm(t.app, '/api/add-mysector', fields);
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });
});

describe('POST /api/updatemysector/{id}', () => {
  it('when only the name and status change, then the image is kept', async () => {
    const mySector = await createMySector();
    const response = await postForm(t.app, `/api/updatemysector/${mySector.id}`, [['name', 'Umrah Madinah'], ['status', '0']], admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'My Sector updated successfully!',
      data: { id: mySector.id, name: 'Umrah Madinah', image: mySector.image, status: 0, totalpnr: 0 },
    });
  });

  it('when a new image is sent, then it replaces the old one', async () => {
    const mySector = await createMySector();
    const response = await postForm(
      t.app,
      `/api/updatemysector/${mySector.id}`,
      [['name', mySector.name], ['image', pngFile('new.jpg', JPEG_BYTES)]],
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.image).toMatch(/\.jpg$/);
    expect(response.json().data.status).toBe(1);
  });

  it('when the my-sector has no image and none is sent, then 422 asks for it', async () => {
    const id = await insertMySector(t.db, { name: 'No Picture' });
    const response = await postForm(t.app, `/api/updatemysector/${id}`, [['name', 'Still None']], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The image field is required.',
      errors: { image: ['The image field is required.'] },
    });
    const [stored] = await t.db.select().from(mySectors).where(eq(mySectors.id, id));
    expect(stored!.name).toBe('No Picture');
  });

  it('when the name is blank, then 422', async () => {
    const mySector = await createMySector();
    const response = await postForm(t.app, `/api/updatemysector/${mySector.id}`, [['name', '   ']], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ name: ['The name field is required.'] });
  });

  it('when the id is unknown, then 404', async () => {
    const response = await postForm(t.app, '/api/updatemysector/999999', [['name', 'X']], admin);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'My sector not found.' });
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const mySector = await createMySector();
    expect((await postForm(t.app, `/api/updatemysector/${mySector.id}`, [['name', 'X']], agent)).statusCode).toBe(403);
    expect((await postForm(t.app, `/api/updatemysector/${mySector.id}`, [['name', 'X']])).statusCode).toBe(401);
  });
});

describe('GET /api/deletemysector/{id}', () => {
  it('when no group is in it, then it is deleted and leaves the list', async () => {
    const mySector = await createMySector('Short Lived');
    const response = await t.app.inject({ method: 'GET', url: `/api/deletemysector/${mySector.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'My Sector Deleted successfully!' });
    expect((await listAll()).map((row) => row.id)).not.toContain(mySector.id);
  });

  it('when live groups are in it, then 409 with their count', async () => {
    const mySector = await createMySector();
    await insertGroupRow(t.db, { mySectorId: mySector.id, departureDate: '2020-03-01', closeStatus: true });
    await insertGroupRow(t.db, { mySectorId: mySector.id, departureDate: '2030-03-01', deleted: true });
    const response = await t.app.inject({ method: 'GET', url: `/api/deletemysector/${mySector.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This my sector is used by 1 group(s) and cannot be deleted.' });
  });

  it('when the id is unknown, then 404', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/deletemysector/999999', headers: bearer(admin) });
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'My sector not found.' });
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const mySector = await createMySector();
    expect((await t.app.inject({ method: 'GET', url: `/api/deletemysector/${mySector.id}`, headers: bearer(agent) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/deletemysector/${mySector.id}` })).statusCode).toBe(401);
  });
});

describe('GET /api/listofmysectors', () => {
  it('when groups of several kinds are in a my-sector, then totalpnr counts only open ones departing today or later (Asia/Karachi)', async () => {
    const mySector = await createMySector('Counted');
    await insertGroupRow(t.db, { mySectorId: mySector.id, departureDate: daysFromToday(0) });
    await insertGroupRow(t.db, { mySectorId: mySector.id, departureDate: daysFromToday(10) });
    await insertGroupRow(t.db, { mySectorId: mySector.id, departureDate: daysFromToday(-1) });
    await insertGroupRow(t.db, { mySectorId: mySector.id, departureDate: daysFromToday(5), closeStatus: true });
    await insertGroupRow(t.db, { mySectorId: mySector.id, departureDate: daysFromToday(5), deleted: true });
    const row = (await listAll()).find((candidate) => candidate.id === mySector.id);
    expect(row).toEqual({ ...mySector, totalpnr: 2 });
  });

  it('when an admin lists, then the paginator envelope, newest first', async () => {
    const newest = await createMySector('Newest');
    const response = await t.app.inject({ method: 'GET', url: '/api/listofmysectors?page=1', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({ current_page: 1, per_page: 20, prev_page_url: null });
    expect(body.data[0]).toEqual(newest);
    expect(body.next_page_url).toBe(body.total > 20 ? 'http://localhost:8080/api/listofmysectors?page=2' : null);
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/listofmysectors', headers: bearer(agent) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: '/api/listofmysectors' })).statusCode).toBe(401);
  });
});
