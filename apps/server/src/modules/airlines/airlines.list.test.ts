import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, type TestApp } from '../../test/helpers.js';
import { pngFile, postForm } from '../../test/uploads.js';

// A file of its own: the envelope counts every airline of the database.
let t: TestApp;
let admin: string;
beforeAll(async () => {
  t = await buildTestApp();
  admin = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
  for (let n = 1; n <= 25; n++) {
    const response = await postForm(
      t.app,
      '/api/add-airline',
      [['full_name', `Airline ${n}`], ['short_name', `A${n}`], ['logo', pngFile()]],
      admin,
    );
    if (response.statusCode !== 201) throw new Error(`add-airline ${n}: ${response.statusCode} ${response.body}`);
  }
});
afterAll(() => t.close());

function list(query = '') {
  return t.app.inject({ method: 'GET', url: `/api/listofairlines${query}`, headers: bearer(admin) });
}

describe('GET /api/listofairlines with 25 airlines', () => {
  it('when page 1 is asked, then 20 airlines, newest first, and a link to page 2', async () => {
    const response = await list('?page=1');
    expect(response.statusCode).toBe(200);
    const body = response.json();
    expect(body).toMatchObject({
      current_page: 1,
      per_page: 20,
      total: 25,
      last_page: 2,
      prev_page_url: null,
      next_page_url: 'http://localhost:8080/api/listofairlines?page=2',
    });
    expect(body.data).toHaveLength(20);
    expect(body.data[0]).toEqual({
      id: expect.any(Number),
      full_name: 'Airline 25',
      short_name: 'A25',
      logo: expect.stringMatching(/^\/uploads\/public\/airline_logo\/logo-[0-9a-f]{32}\.png$/),
      status: 1,
    });
    expect(body.data[19].full_name).toBe('Airline 6');
  });

  it('when no page is given, then page 1', async () => {
    const body = (await list()).json();
    expect(body.current_page).toBe(1);
    expect(body.data).toHaveLength(20);
  });

  it('when page 2 is asked, then the last 5 and no next page', async () => {
    const body = (await list('?page=2')).json();
    expect(body).toMatchObject({
      current_page: 2,
      total: 25,
      last_page: 2,
      prev_page_url: 'http://localhost:8080/api/listofairlines?page=1',
      next_page_url: null,
    });
    expect(body.data.map((a: { full_name: string }) => a.full_name)).toEqual([
      'Airline 5',
      'Airline 4',
      'Airline 3',
      'Airline 2',
      'Airline 1',
    ]);
  });

  it('when a page past the end is asked, then an empty page', async () => {
    const body = (await list('?page=9')).json();
    expect(body.data).toEqual([]);
    expect(body.next_page_url).toBeNull();
  });

  it('when the same logo bytes are uploaded 25 times, then they share one file', async () => {
    const body = (await list('?page=1')).json();
    expect(new Set(body.data.map((a: { logo: string }) => a.logo)).size).toBe(1);
  });
});
