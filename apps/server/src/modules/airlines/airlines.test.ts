import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, startAppWithAdminAndAgent, type TestApp } from '../../test/helpers.js';
import { insertGroupRow } from '../../test/group-rows.js';
import { imageOf, JPEG_BYTES, pathOf, PNG_BYTES, pngFile, postForm, uniquePng, WEBP_BYTES } from '../../test/uploads.js';
import { files } from '../files/files.table.js';
import { airlines } from './airlines.table.js';

let t: TestApp;
let admin: string;
let agent: string;
beforeAll(async () => {
  ({ t, admin, agentToken: agent } = await startAppWithAdminAndAgent());
});
afterAll(() => t.close());

const LOGO_URL = /^\/uploads\/public\/airline_logo\/[a-z0-9-]+-[0-9a-f]{32}\.(png|jpg|webp)$/;

async function addAirline(fields: Array<[string, string | ReturnType<typeof pngFile>]>, token = admin) {
  return postForm(t.app, '/api/add-airline', fields, token);
}

async function createAirline(name = 'Pakistan International Airlines', short = 'PIA') {
  const response = await addAirline([
    ['full_name', name],
    ['short_name', short],
    ['logo', pngFile('pia.png', uniquePng())],
  ]);
  expect(response.statusCode).toBe(201);
  return response.json().data as { id: number; logo: string; full_name: string; short_name: string; status: 0 | 1 };
}

describe('POST /api/add-airline', () => {
  it('when an admin sends names and a PNG logo, then 201 with the airline and its site-relative logo URL', async () => {
    const response = await addAirline([
      ['full_name', '  Pakistan International Airlines  '],
      ['short_name', ' PIA '],
      ['logo', pngFile('PIA Logo.png')],
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Airline added successfully!',
      data: { id: expect.any(Number), full_name: 'Pakistan International Airlines', short_name: 'PIA', logo: expect.stringMatching(LOGO_URL), status: 1 },
    });
    expect(response.json().data.logo).toMatch(/\/pia-logo-[0-9a-f]{32}\.png$/);
    // Issue 16 point 3: relative, so the logo shows whatever address the portal was opened at; not PUBLIC_URL.
    expect(response.json().data.logo).toMatch(/^\/uploads\//);
    expect(response.json().data.logo.startsWith(t.config.publicUrl)).toBe(false);
  });

  it('when the logo is uploaded, then it is fetchable at its URL with the same image, an image type and long caching', async () => {
    const bytes = uniquePng();
    const airline = (await addAirline([['full_name', 'Airblue'], ['short_name', 'PA'], ['logo', pngFile('airblue.png', bytes)]])).json().data;
    const logo = await t.app.inject({ method: 'GET', url: pathOf(airline.logo) });
    expect(logo.statusCode).toBe(200);
    expect(logo.headers['content-type']).toBe('image/png');
    expect(logo.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(await imageOf(logo.rawPayload)).toEqual(await imageOf(bytes));
  });

  it('when the logo is a JPEG named .png, then it is stored as the JPEG it is', async () => {
    const response = await addAirline([['full_name', 'Serene Air'], ['short_name', 'ER'], ['logo', pngFile('serene.png', JPEG_BYTES)]]);
    expect(response.statusCode).toBe(201);
    const { logo } = response.json().data;
    expect(logo).toMatch(/\.jpg$/);
    const fetched = await t.app.inject({ method: 'GET', url: pathOf(logo) });
    expect(fetched.headers['content-type']).toBe('image/jpeg');
    expect(await imageOf(fetched.rawPayload)).toMatchObject({ format: 'jpeg', width: 1, height: 1 });
  });

  it('when the logo is a WebP, then it is accepted', async () => {
    const response = await addAirline([['full_name', 'Fly Jinnah'], ['short_name', '9P'], ['logo', pngFile('jinnah.webp', WEBP_BYTES)]]);
    expect(response.statusCode).toBe(201);
    const fetched = await t.app.inject({ method: 'GET', url: pathOf(response.json().data.logo) });
    expect(fetched.headers['content-type']).toBe('image/webp');
  });

  it('when status 0 is sent, then the airline is inactive', async () => {
    const response = await addAirline([['full_name', 'Saudia'], ['short_name', 'SV'], ['status', '0'], ['logo', pngFile()]]);
    expect(response.statusCode).toBe(201);
    expect(response.json().data.status).toBe(0);
  });

  it('when nothing is sent, then 422 with the required messages of every field', async () => {
    const response = await addAirline([['full_name', '   ']]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The full name field is required.',
      errors: {
        full_name: ['The full name field is required.'],
        short_name: ['The short name field is required.'],
        logo: ['The logo field is required.'],
      },
    });
  });

  it('when the logo is a text file named logo.png, then 422 on logo and nothing is stored', async () => {
    const before = await t.db.select().from(files);
    const response = await addAirline([
      ['full_name', 'Fake Air'],
      ['short_name', 'FA'],
      ['logo', { filename: 'logo.png', contentType: 'image/png', data: Buffer.from('just some text, not an image\n') }],
    ]);
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The logo must be a file of type: jpeg, png, webp.',
      errors: { logo: ['The logo must be a file of type: jpeg, png, webp.'] },
    });
    expect(await t.db.select().from(airlines).where(eq(airlines.fullName, 'Fake Air'))).toEqual([]);
    expect(await t.db.select().from(files)).toHaveLength(before.length);
  });

  it('when the file input was left empty (an empty part), then the logo is required', async () => {
    const response = await addAirline([['full_name', 'Empty Air'], ['short_name', 'EA'], ['logo', { filename: '', data: Buffer.alloc(0) }]]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ logo: ['The logo field is required.'] });
  });

  it('when the logo is a text value instead of a file, then 422 on logo', async () => {
    const response = await addAirline([['full_name', 'Text Air'], ['short_name', 'TX'], ['logo', 'http://example.com/logo.png']]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ logo: ['The logo must be a file of type: jpeg, png, webp.'] });
  });

  it('when the logo is 2 MB + 1 byte, then 413 and nothing is stored', async () => {
    const big = Buffer.concat([PNG_BYTES, Buffer.alloc(2_097_153 - PNG_BYTES.length)]);
    const response = await addAirline([['full_name', 'Big Air'], ['short_name', 'BA'], ['logo', pngFile('big.png', big)]]);
    expect(response.statusCode).toBe(413);
    expect(response.json()).toEqual({ message: 'The file may not be greater than 2 MB.' });
    expect(await t.db.select().from(airlines).where(eq(airlines.fullName, 'Big Air'))).toEqual([]);
  });

  it('when the logo is exactly 2 MB, then it is accepted', async () => {
    const exact = Buffer.concat([PNG_BYTES, Buffer.alloc(2_097_152 - PNG_BYTES.length)]);
    const response = await addAirline([['full_name', 'Exact Air'], ['short_name', 'EA'], ['logo', pngFile('exact.png', exact)]]);
    expect(response.statusCode).toBe(201);
  });

  it('when JSON is sent (no file possible), then 422 asks for the logo', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/add-airline',
      payload: { full_name: 'Json Air', short_name: 'JA' },
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ logo: ['The logo field is required.'] });
  });

  it('when the caller is anonymous, then 401', async () => {
    const response = await addAirline([['full_name', 'X'], ['short_name', 'X'], ['logo', pngFile()]], '');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when the caller is an agent, then 403', async () => {
    const response = await addAirline([['full_name', 'X'], ['short_name', 'X'], ['logo', pngFile()]], agent);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'This action is unauthorized.' });
  });
});

describe('POST /api/updateariline/{id}', () => {
  it('when names change without a logo, then the logo is kept', async () => {
    const airline = await createAirline();
    const response = await postForm(t.app, `/api/updateariline/${airline.id}`, [['full_name', 'PIA Renamed'], ['short_name', 'PK']], admin);
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({
      message: 'Airline updated successfully!',
      data: { id: airline.id, full_name: 'PIA Renamed', short_name: 'PK', logo: airline.logo, status: 1 },
    });
  });

  it('when the old logo URL is echoed back as text, then the logo is kept', async () => {
    const airline = await createAirline();
    const response = await postForm(
      t.app,
      `/api/updateariline/${airline.id}`,
      [['full_name', 'Echo'], ['short_name', 'EC'], ['logo', airline.logo]],
      admin,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().data.logo).toBe(airline.logo);
  });

  it('when a new logo and status 0 are sent, then both change and the old logo file stays', async () => {
    const airline = await createAirline();
    const bytes = uniquePng();
    const response = await postForm(
      t.app,
      `/api/updateariline/${airline.id}`,
      [['full_name', airline.full_name], ['short_name', airline.short_name], ['status', '0'], ['logo', pngFile('new.png', bytes)]],
      admin,
    );
    expect(response.statusCode).toBe(200);
    const { data } = response.json();
    expect(data.status).toBe(0);
    expect(data.logo).not.toBe(airline.logo);
    expect(await imageOf((await t.app.inject({ method: 'GET', url: pathOf(data.logo) })).rawPayload)).toEqual(await imageOf(bytes));
    expect((await t.app.inject({ method: 'GET', url: pathOf(airline.logo) })).statusCode).toBe(200);
  });

  it('when status true is sent as JSON, then the airline is active again', async () => {
    const airline = await createAirline();
    await t.db.update(airlines).set({ status: false }).where(eq(airlines.id, airline.id));
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/updateariline/${airline.id}`,
      payload: { full_name: 'Json', short_name: 'JS', status: true },
      headers: bearer(admin),
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ full_name: 'Json', status: 1, logo: airline.logo });
  });

  it('when the status is not 1 or 0, then 422', async () => {
    const airline = await createAirline();
    const response = await postForm(t.app, `/api/updateariline/${airline.id}`, [['full_name', 'A'], ['short_name', 'B'], ['status', '7']], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ status: ['The selected status is invalid.'] });
  });

  it('when the new logo is not an image, then 422 and the airline is unchanged', async () => {
    const airline = await createAirline();
    const response = await postForm(
      t.app,
      `/api/updateariline/${airline.id}`,
      [['full_name', 'Changed'], ['short_name', 'CH'], ['logo', { filename: 'x.png', data: Buffer.from('%PDF-1.4 not allowed here') }]],
      admin,
    );
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ logo: ['The logo must be a file of type: jpeg, png, webp.'] });
    const [row] = await t.db.select().from(airlines).where(eq(airlines.id, airline.id));
    expect(row!.fullName).toBe(airline.full_name);
  });

  it('when the names are blank, then 422 with the required messages', async () => {
    const airline = await createAirline();
    const response = await postForm(t.app, `/api/updateariline/${airline.id}`, [['full_name', ''], ['short_name', ' ']], admin);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      full_name: ['The full name field is required.'],
      short_name: ['The short name field is required.'],
    });
  });

  it('when the id is unknown, then 404', async () => {
    const response = await postForm(t.app, '/api/updateariline/999999', [['full_name', 'A'], ['short_name', 'B']], admin);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toEqual({ message: 'Airline not found.' });
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const airline = await createAirline();
    const fields: Array<[string, string]> = [['full_name', 'A'], ['short_name', 'B']];
    expect((await postForm(t.app, `/api/updateariline/${airline.id}`, fields, agent)).statusCode).toBe(403);
    expect((await postForm(t.app, `/api/updateariline/${airline.id}`, fields)).statusCode).toBe(401);
  });
});

describe('GET /api/deleteairline/{id}', () => {
  it('when no group uses the airline, then it is deleted and leaves the list', async () => {
    const airline = await createAirline('Gone Air', 'GA');
    const response = await t.app.inject({ method: 'GET', url: `/api/deleteairline/${airline.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Air Deleted successfully!' });
    const [row] = await t.db.select().from(airlines).where(eq(airlines.id, airline.id));
    expect(row!.deletedAt).toBeInstanceOf(Date);
    const list = await t.app.inject({ method: 'GET', url: '/api/listofairlines?page=1', headers: bearer(admin) });
    expect(list.json().data.map((a: { id: number }) => a.id)).not.toContain(airline.id);
  });

  it('when it is deleted twice, then the second answer is 404', async () => {
    const airline = await createAirline();
    await t.app.inject({ method: 'GET', url: `/api/deleteairline/${airline.id}`, headers: bearer(admin) });
    const again = await t.app.inject({ method: 'GET', url: `/api/deleteairline/${airline.id}`, headers: bearer(admin) });
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual({ message: 'Airline not found.' });
  });

  it('when live groups use the airline, then 409 with their count and it stays', async () => {
    const airline = await createAirline('Busy Air', 'BY');
    await insertGroupRow(t.db, { airlineId: airline.id, departureDate: '2030-01-10' });
    await insertGroupRow(t.db, { airlineId: airline.id, departureDate: '2020-01-10', closeStatus: true });
    // A deleted group no longer holds the airline.
    await insertGroupRow(t.db, { airlineId: airline.id, departureDate: '2030-01-10', deleted: true });
    const response = await t.app.inject({ method: 'GET', url: `/api/deleteairline/${airline.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(409);
    expect(response.json()).toEqual({ message: 'This airline is used by 2 group(s) and cannot be deleted.' });
    const [row] = await t.db.select().from(airlines).where(eq(airlines.id, airline.id));
    expect(row!.deletedAt).toBeNull();
  });

  it('when only deleted groups used the airline, then it can be deleted', async () => {
    const airline = await createAirline();
    await insertGroupRow(t.db, { airlineId: airline.id, departureDate: '2030-01-10', deleted: true });
    const response = await t.app.inject({ method: 'GET', url: `/api/deleteairline/${airline.id}`, headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
  });

  it('when the id is unknown, then 404; not a number or beyond an integer, 422 (never a 500)', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/deleteairline/999999', headers: bearer(admin) })).statusCode).toBe(404);
    for (const id of ['abc', '99999999999', '-1', '1.5']) {
      const bad = await t.app.inject({ method: 'GET', url: `/api/deleteairline/${id}`, headers: bearer(admin) });
      expect(bad.statusCode, id).toBe(422);
      expect(bad.json().errors, id).toEqual({ id: ['The id must be a number.'] });
    }
  });

  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const airline = await createAirline();
    expect((await t.app.inject({ method: 'GET', url: `/api/deleteairline/${airline.id}`, headers: bearer(agent) })).statusCode).toBe(403);
    expect((await t.app.inject({ method: 'GET', url: `/api/deleteairline/${airline.id}` })).statusCode).toBe(401);
  });
});

describe('GET /api/listofairlines', () => {
  it('when the caller is an agent, then 403; anonymous, 401', async () => {
    const asAgent = await t.app.inject({ method: 'GET', url: '/api/listofairlines', headers: bearer(agent) });
    expect(asAgent.statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'GET', url: '/api/listofairlines' });
    expect(anonymous.statusCode).toBe(401);
    expect(anonymous.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when the page is not a positive number, then 422', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/listofairlines?page=0', headers: bearer(admin) });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ page: ['The page must be at least 1.'] });
  });

  it('when the page is empty, then page 1', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/listofairlines?page=', headers: bearer(admin) });
    expect(response.statusCode).toBe(200);
    expect(response.json().current_page).toBe(1);
  });
});
