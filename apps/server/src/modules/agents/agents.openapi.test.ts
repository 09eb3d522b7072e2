import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from '../../test/helpers.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

describe('GET /api/docs/json', () => {
  it('when the OpenAPI document is built, then every agents path is in it', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const paths = Object.keys(response.json().paths);
    expect(paths).toEqual(
      expect.arrayContaining([
        '/api/listofagents',
        '/api/editagent/{id}',
        '/api/add-agent',
        '/api/updateagent/{id}',
        '/api/approve-user/{id}',
        '/api/reject-user/{id}',
        '/api/deleteagent/{id}',
        '/api/listofusers',
        '/api/searchagentbyemail',
        '/api/my-profile',
        '/api/update-my-profile',
        '/api/unlock-user',
      ]),
    );
  });

  it('when the OpenAPI document is built, then unlock-user takes an id and answers 200, 401, 403, 404 and 422', async () => {
    const document = (await t.app.inject({ method: 'GET', url: '/api/docs/json' })).json();
    const operation = document.paths['/api/unlock-user'].post;
    expect(operation.requestBody.content['application/json'].schema.required).toEqual(['id']);
    expect(Object.keys(operation.responses)).toEqual(expect.arrayContaining(['200', '401', '403', '404', '422']));
    // Login documents the lock's 429 (decision 018).
    expect(Object.keys(document.paths['/api/login'].post.responses)).toContain('429');
  });
});
