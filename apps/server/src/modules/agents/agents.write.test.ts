import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ADMIN_EMAIL, startAppWithAdminAndAgent, type TestApp, type TestFilePart } from '../../test/helpers.js';
import { pathOf, PNG_BYTES, pngFile, postForm, uniquePng } from '../../test/uploads.js';
import { users } from '../users/users.table.js';
import { insertPendingAgent, outboxTo, passwordIn, postLogin, uniqueAddress } from './agents.fixtures.js';

let t: TestApp;
let admin: string;
let agentToken: string;
beforeAll(async () => {
  ({ t, admin, agentToken } = await startAppWithAdminAndAgent());
});
afterAll(() => t.close());

type Fields = Array<[string, string | TestFilePart]>;
const IMAGE_URL = /^\/uploads\/public\/user_image\/[a-z0-9-]+-[0-9a-f]{32}\.png$/;
const BIG_PNG = Buffer.concat([PNG_BYTES, Buffer.alloc(2_097_153 - PNG_BYTES.length)]);

function addAgent(fields: Fields, token = admin) {
  return postForm(t.app, '/api/add-agent', fields, token);
}

function updateAgent(id: number, fields: Fields, token = admin) {
  return postForm(t.app, `/api/updateagent/${id}`, fields, token);
}

async function userRow(id: number) {
  const [row] = await t.db.select().from(users).where(eq(users.id, id));
  return row!;
}

describe('POST /api/add-agent', () => {
  it('when an admin adds an agent with an e-mail, then 201, approved at once, and its login details are e-mailed', async () => {
    const email = uniqueAddress('added');
    const response = await addAgent([
      ['name', ' Bilal Khan '],
      ['email', email.toUpperCase()],
      ['phone', '03211234567'],
      ['agency_name', 'Khan Travels'],
      ['city', 'KARACHI'],
      ['office_address', 'Saddar'],
      ['office_no', '0213456789'],
      ['propriter_name', 'Bilal Khan'],
      ['image', pngFile('Bilal.png', uniquePng())],
    ]);
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({
      message: 'Agent added successfully!',
      data: {
        id: expect.any(Number),
        role: 'user',
        name: 'Bilal Khan',
        agency_name: 'Khan Travels',
        email,
        phone: '03211234567',
        image: expect.stringMatching(IMAGE_URL),
        logo: null,
        city: 'KARACHI',
        country: 'Pakistan',
        office_address: 'Saddar',
        office_no: '0213456789',
        propriter_name: 'Bilal Khan',
        created_at: expect.any(String),
        agent_id: expect.any(Number),
        active_status: 'approved',
        source: 'admin',
        locked_until: null,
        credit_limit: null,
        balance: 0,
        available_credit: null,
      },
    });
    const data = response.json().data;
    expect(data.agent_id).toBeGreaterThanOrEqual(1001);
    expect((await t.app.inject({ method: 'GET', url: pathOf(data.image) })).statusCode).toBe(200);

    const [mail] = await outboxTo(t.db, email);
    expect(mail!.subject).toBe('Your Group Fares login details');
    const login = await postLogin(t.app, email, passwordIn(mail!.text));
    expect(login.statusCode).toBe(200);
    expect(login.json().success).toMatchObject({ change_password: true, w_verified: true, agent_id: data.agent_id });
  });

  it('when an agent is added without an e-mail, then it is approved without a password and nothing is e-mailed', async () => {
    const response = await addAgent([['name', 'No Mail'], ['phone', '03000000001'], ['image', pngFile()]]);
    expect(response.statusCode).toBe(201);
    const { id, email } = response.json().data;
    expect(email).toBeNull();
    const row = await userRow(id);
    expect(row).toMatchObject({ activeStatus: 'approved', passwordHash: null, changePassword: false });
  });

  it('when the agent added without an e-mail later gets one through updateagent, then its login details are e-mailed then', async () => {
    const added = (await addAgent([['name', 'Later Mail'], ['phone', '03000000002'], ['image', pngFile()]])).json().data;
    const email = uniqueAddress('later');
    const response = await updateAgent(added.id, [['name', 'Later Mail'], ['phone', '03000000002'], ['email', email]]);
    expect(response.statusCode).toBe(200);
    const [mail] = await outboxTo(t.db, email);
    expect((await postLogin(t.app, email, passwordIn(mail!.text))).json().success.change_password).toBe(true);
  });

  it('when name, phone and image are missing and the e-mail is malformed, then 422 with each field', async () => {
    const response = await addAgent([['email', 'not-an-email'], ['name', '']]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      name: ['The name field is required.'],
      email: ['The email must be a valid email address.'],
      phone: ['The phone field is required.'],
      image: ['The image field is required.'],
    });
  });

  it('when the image is not an image by content, then 422 on image and no agent is created', async () => {
    const name = `Text Image ${uniquePng().toString('hex').slice(0, 6)}`;
    const response = await addAgent([['name', name], ['phone', '0300'], ['image', pngFile('fake.png', Buffer.from('hello, world'))]]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ image: ['The image must be a file of type: jpeg, png, webp.'] });
    expect(await t.db.select().from(users).where(eq(users.name, name))).toHaveLength(0);
  });

  it('when the image is 2 MB + 1 byte, then 413', async () => {
    const response = await addAgent([['name', 'Big Picture'], ['phone', '0300'], ['image', pngFile('big.png', BIG_PNG)]]);
    expect(response.statusCode).toBe(413);
    expect(await t.db.select().from(users).where(eq(users.name, 'Big Picture'))).toHaveLength(0);
  });

  it('when the e-mail belongs to a live user, then 422 "The email has already been taken." and nothing is e-mailed', async () => {
    const existing = await insertPendingAgent(t.db);
    const response = await addAgent([['name', 'Dup'], ['email', existing.email!], ['phone', '0300'], ['image', pngFile()]]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The email has already been taken.'] });
    expect(await outboxTo(t.db, existing.email!)).toHaveLength(0);
  });

  it('when the admin’s own address is used, then 422 on email', async () => {
    const response = await addAgent([['name', 'Dup'], ['email', ADMIN_EMAIL], ['phone', '0300'], ['image', pngFile()]]);
    expect(response.statusCode).toBe(422);
  });

  it('when an agent calls it, then 403; without a token, 401', async () => {
    expect((await addAgent([['name', 'X'], ['phone', '1'], ['image', pngFile()]], agentToken)).statusCode).toBe(403);
    const anonymous = await t.app.inject({ method: 'POST', url: '/api/add-agent', payload: { name: 'X' } });
    expect(anonymous.statusCode).toBe(401);
  });
});

describe('POST /api/updateagent/{id}', () => {
  async function withImage() {
    return (await addAgent([['name', 'Edit Me'], ['email', uniqueAddress('edit')], ['phone', '0300'], ['agency_name', 'Old Travels'], ['image', pngFile()]])).json()
      .data as { id: number; image: string; email: string };
  }

  it('when every field is sent without an image, then 200, the fields change and the stored image stays', async () => {
    const agent = await withImage();
    const email = uniqueAddress('renamed');
    const response = await updateAgent(agent.id, [
      ['name', 'Edited Name'],
      ['agency_name', 'New Travels'],
      ['email', email],
      ['phone', '03339998888'],
      ['city', 'MULTAN'],
      ['country', 'United Arab Emirates'],
      ['office_address', 'Cantt'],
      ['office_no', '061111'],
      ['propriter_name', 'Owner'],
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().message).toBe('Agent updated successfully!');
    expect(response.json().data).toMatchObject({
      id: agent.id,
      name: 'Edited Name',
      agency_name: 'New Travels',
      email,
      phone: '03339998888',
      city: 'MULTAN',
      country: 'United Arab Emirates',
      office_address: 'Cantt',
      office_no: '061111',
      propriter_name: 'Owner',
      image: agent.image,
    });
  });

  it('when a field is not sent it stays, and an optional field sent empty is cleared', async () => {
    const agent = await withImage();
    const response = await updateAgent(agent.id, [['name', 'Edit Me'], ['phone', '0300'], ['agency_name', '']]);
    expect(response.json().data).toMatchObject({ agency_name: null, email: agent.email, country: 'Pakistan' });
  });

  it('when a new image is sent, then it replaces the stored one', async () => {
    const agent = await withImage();
    const response = await updateAgent(agent.id, [['name', 'Edit Me'], ['phone', '0300'], ['image', pngFile('new.png', uniquePng())]]);
    expect(response.statusCode).toBe(200);
    expect(response.json().data.image).toMatch(/\/new-[0-9a-f]{32}\.png$/);
  });

  it('when the agent has no image and none is sent, then 422 on image', async () => {
    const pending = await insertPendingAgent(t.db);
    const response = await updateAgent(pending.id, [['name', 'P'], ['phone', '0300']]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ image: ['The image field is required.'] });
    const withOne = await updateAgent(pending.id, [['name', 'P'], ['phone', '0300'], ['image', pngFile()]]);
    expect(withOne.statusCode).toBe(200);
    expect(withOne.json().data.active_status).toBe('pending');
  });

  it('when the image is 2 MB + 1 byte, then 413 and nothing changes', async () => {
    const agent = await withImage();
    const response = await updateAgent(agent.id, [['name', 'Changed?'], ['phone', '0300'], ['image', pngFile('big.png', BIG_PNG)]]);
    expect(response.statusCode).toBe(413);
    expect((await userRow(agent.id)).name).toBe('Edit Me');
  });

  it('when the e-mail is another live user’s, then 422; its own e-mail again is fine', async () => {
    const agent = await withImage();
    const other = await insertPendingAgent(t.db);
    const taken = await updateAgent(agent.id, [['name', 'Edit Me'], ['phone', '0300'], ['email', other.email!]]);
    expect(taken.statusCode).toBe(422);
    expect(taken.json().errors).toEqual({ email: ['The email has already been taken.'] });
    const same = await updateAgent(agent.id, [['name', 'Edit Me'], ['phone', '0300'], ['email', agent.email.toUpperCase()]]);
    expect(same.statusCode).toBe(200);
  });

  it('when an approved agent’s e-mail is sent empty, then 422 "The email field is required."', async () => {
    const agent = await withImage();
    const response = await updateAgent(agent.id, [['name', 'Edit Me'], ['phone', '0300'], ['email', '']]);
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({ email: ['The email field is required.'] });
  });

  it('when JSON is sent for an agent with an image, then it is accepted too', async () => {
    const agent = await withImage();
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/updateagent/${agent.id}`,
      payload: { name: 'Json Name', phone: '0300', city: 'QUETTA' },
      headers: { authorization: `Bearer ${admin}` },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json().data).toMatchObject({ name: 'Json Name', city: 'QUETTA' });
  });

  it('when the id is unknown, deleted or an administrator, then 404', async () => {
    const [seedAdmin] = await t.db.select().from(users).where(eq(users.email, ADMIN_EMAIL));
    const deleted = await withImage();
    await t.db.update(users).set({ deletedAt: new Date() }).where(eq(users.id, deleted.id));
    for (const id of [999_999, seedAdmin!.id, deleted.id]) {
      const response = await updateAgent(id, [['name', 'X'], ['phone', '0300'], ['image', pngFile()]]);
      expect(response.statusCode).toBe(404);
    }
  });

  it('when an agent calls it, then 403 and nothing changes', async () => {
    const agent = await withImage();
    expect((await updateAgent(agent.id, [['name', 'Hacked'], ['phone', '0300']], agentToken)).statusCode).toBe(403);
    expect((await userRow(agent.id)).name).toBe('Edit Me');
  });
});
