import { changePasswordBodySchema, REGISTERED_MESSAGE } from '@portal/contract/auth';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generatePassword, verifyPassword } from '../../lib/password.js';
import { ADMIN_EMAIL, ADMIN_PASSWORD, bearer, buildTestApp, multipart, randomIp, type TestApp } from '../../test/helpers.js';
import { files } from '../files/files.table.js';
import { users } from '../users/users.table.js';
import { tokens } from './tokens.table.js';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function login(email: string, password: string) {
  return t.app.inject({ method: 'POST', url: '/api/login', payload: { email, password }, remoteAddress: randomIp() });
}

const registration = {
  email: 'New.Agency@Example.com',
  name: 'Ali Khan',
  office_no: '042-111',
  phone: '03001112222',
  office_address: '1 Mall Road',
  agency_name: 'Khan Travels',
  city: 'Lahore',
};

describe('POST /api/login', () => {
  it('when the admin signs in, then 200 with the whole session', async () => {
    const response = await login(ADMIN_EMAIL, ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
    const { success } = response.json();
    expect(success).toEqual({
      token: expect.stringMatching(/^[A-Za-z0-9_-]{43}$/),
      role: 'admin',
      name: 'Administrator',
      image: null,
      agent_id: null,
      user_id: expect.any(Number),
      email: ADMIN_EMAIL,
      change_password: false,
      w_verified: false,
    });
  });

  it('when an approved agent signs in, then the session carries its agent_id and change_password', async () => {
    const agent = await t.createAgent({ changePassword: true });
    const response = await login(agent.email, agent.password);
    expect(response.statusCode).toBe(200);
    expect(response.json().success).toMatchObject({
      role: 'user',
      agent_id: agent.user.agentId,
      user_id: agent.user.id,
      email: agent.email,
      change_password: true,
    });
  });

  it('when the e-mail is typed in another case, then it still signs in', async () => {
    const response = await login(ADMIN_EMAIL.toUpperCase(), ADMIN_PASSWORD);
    expect(response.statusCode).toBe(200);
  });

  it('when the password is wrong, then 401 "Invalid email or password"', async () => {
    const response = await login(ADMIN_EMAIL, 'not-the-password');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('when the e-mail is unknown, then the same 401', async () => {
    const response = await login('nobody@example.com', 'whatever1');
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Invalid email or password' });
  });

  it('when the agent is pending, then 403 with the pending message', async () => {
    const agent = await t.createAgent({ status: 'pending' });
    const response = await login(agent.email, 'anything1');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({
      message: 'Your account is pending approval. We will call you to verify it, then e-mail your login details.',
    });
  });

  it('when the agent was rejected, then 403 with the rejected message', async () => {
    const agent = await t.createAgent({ status: 'rejected' });
    const response = await login(agent.email, 'anything1');
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Your registration was not approved. Please contact us for details.' });
  });

  it('when an admin user was deactivated, then 403 with a clear message', async () => {
    const admin = await t.createAdmin({ isActive: false });
    const response = await login(admin.email, admin.password);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toEqual({ message: 'Your account has been deactivated. Please contact the administrator.' });
  });

  it('when fields are missing, then 422 with Laravel-style messages', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/login', payload: {}, remoteAddress: randomIp() });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The email field is required.',
      errors: { email: ['The email field is required.'], password: ['The password field is required.'] },
    });
  });

  it('when the e-mail is malformed, then 422 errors.email', async () => {
    const response = await login('not-an-email', 'x');
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The email must be a valid email address.',
      errors: { email: ['The email must be a valid email address.'] },
    });
  });

  it('when the body is multipart/form-data, then it is accepted like JSON', async () => {
    const form = multipart([
      ['email', ADMIN_EMAIL],
      ['password', ADMIN_PASSWORD],
    ]);
    const response = await t.app.inject({ method: 'POST', url: '/api/login', remoteAddress: randomIp(), ...form });
    expect(response.statusCode).toBe(200);
    expect(response.json().success.role).toBe('admin');
  });

  it('when the user has a picture, then the session answers its public URL', async () => {
    const agent = await t.createAgent();
    const [file] = await t.db
      .insert(files)
      .values({
        kind: 'user_image',
        storagePath: 'public/user_image/ali-abc123.png',
        originalName: 'ali.png',
        mime: 'image/png',
        size: 10,
        visibility: 'public',
      })
      .returning();
    await t.db.update(users).set({ imageFileId: file!.id }).where(eq(users.id, agent.user.id));
    const response = await login(agent.email, agent.password);
    expect(response.json().success.image).toBe(`/uploads/public/user_image/ali-abc123.png`);
  });

  it('when a token is issued, then only its SHA-256 is stored', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const rows = await t.db.select({ tokenHash: tokens.tokenHash }).from(tokens);
    expect(rows.some((row) => row.tokenHash === token)).toBe(false);
    const { createHash } = await import('node:crypto');
    const hashed = createHash('sha256').update(token).digest('hex');
    expect(rows.some((row) => row.tokenHash === hashed)).toBe(true);
  });
});

describe('POST /api/logout', () => {
  it('when the caller logs out, then 200 and the token no longer works', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Logged out successfully.' });

    const again = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(token) });
    expect(again.statusCode).toBe(401);
    expect(again.json()).toEqual({ message: 'Unauthenticated.' });
  });

  it('when one session logs out, then the other sessions of the user keep working', async () => {
    const first = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const second = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(first) });
    const response = await t.app.inject({ method: 'POST', url: '/api/logout', headers: bearer(second) });
    expect(response.statusCode).toBe(200);
  });
});

describe('POST /api/register', () => {
  it('when a new agency registers, then 201 and a pending agent without a password exists', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/register', payload: registration });
    expect(response.statusCode).toBe(201);
    expect(response.json()).toEqual({ message: REGISTERED_MESSAGE });

    const [user] = await t.db.select().from(users).where(eq(users.email, 'new.agency@example.com'));
    expect(user).toMatchObject({
      role: 'user',
      activeStatus: 'pending',
      passwordHash: null,
      source: 'register',
      country: 'Pakistan',
      agencyName: 'Khan Travels',
    });
    // Every agent gets its number from agent_id_seq (from 1001) at sign-up (decision 002).
    expect(user!.agentId).toBeGreaterThanOrEqual(1001);

    const signIn = await login('new.agency@example.com', 'anything1');
    expect(signIn.statusCode).toBe(403);
  });

  it('when the e-mail is already registered, then 422 "The email has already been taken."', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      payload: { ...registration, email: ADMIN_EMAIL.toUpperCase() },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The email has already been taken.',
      errors: { email: ['The email has already been taken.'] },
    });
  });

  it('when the form is multipart and names a country, then it is kept', async () => {
    const form = multipart([...Object.entries({ ...registration, email: 'multi@example.com' }), ['country', 'United Arab Emirates']]);
    const response = await t.app.inject({ method: 'POST', url: '/api/register', remoteAddress: randomIp(), ...form });
    expect(response.statusCode).toBe(201);
    const [user] = await t.db.select().from(users).where(eq(users.email, 'multi@example.com'));
    expect(user?.country).toBe('United Arab Emirates');
  });

  it('when required fields are blank, then 422 lists each of them', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/register',
      remoteAddress: randomIp(),
      payload: { email: 'x@example.com', name: '  ' },
    });
    expect(response.statusCode).toBe(422);
    const body = response.json();
    expect(body.message).toBe('The name field is required.');
    expect(Object.keys(body.errors).sort()).toEqual(
      ['agency_name', 'city', 'name', 'office_address', 'office_no', 'phone'].sort(),
    );
    expect(body.errors.phone).toEqual(['The phone field is required.']);
  });
});

describe('POST /api/changeuserpassword', () => {
  it('when the old password is right, then 200, the new one works and change_password is cleared', async () => {
    const agent = await t.createAgent({ changePassword: true });
    const token = await t.loginAs(agent.email, agent.password);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changeuserpassword',
      headers: bearer(token),
      payload: { old_password: agent.password, new_password: 'Brand-new-9', email: ADMIN_EMAIL },
    });
    expect(response.statusCode).toBe(200);
    expect(response.json()).toEqual({ message: 'Password changed successfully!' });

    const [row] = await t.db.select().from(users).where(eq(users.id, agent.user.id));
    expect(row?.changePassword).toBe(false);
    expect(await verifyPassword('Brand-new-9', row?.passwordHash)).toBe(true);
    // The body's e-mail named the admin: the admin's password is untouched (own account only).
    expect((await login(ADMIN_EMAIL, ADMIN_PASSWORD)).statusCode).toBe(200);
    expect((await login(agent.email, 'Brand-new-9')).json().success.change_password).toBe(false);
  });

  it('when the old password is wrong, then 422 errors.old_password', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    const form = multipart([
      ['old_password', 'wrong-one'],
      ['new_password', 'Brand-new-9'],
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changeuserpassword',
      payload: form.payload,
      headers: { ...form.headers, ...bearer(token) },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The old password is incorrect.',
      errors: { old_password: ['The old password is incorrect.'] },
    });
  });

  it('when the new password is short, then 422 with the length message', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changeuserpassword',
      headers: bearer(token),
      payload: { old_password: ADMIN_PASSWORD, new_password: 'short' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json()).toEqual({
      message: 'The new password must be at least 10 characters.',
      errors: { new_password: ['The new password must be at least 10 characters.'] },
    });
  });

  it('when the new password is 9 characters, then 422 with the length message; 10 characters are enough', async () => {
    const agent = await t.createAgent();
    const token = await t.loginAs(agent.email, agent.password);
    const change = (newPassword: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/changeuserpassword',
        headers: bearer(token),
        payload: { old_password: agent.password, new_password: newPassword },
      });
    const short = await change('Nine-char');
    expect(short.statusCode).toBe(422);
    expect(short.json().errors).toEqual({ new_password: ['The new password must be at least 10 characters.'] });
    expect((await change('Ten-chars!')).statusCode).toBe(200);
  });

  it('when the new password is a common one, then 422 saying why (issue 16 point 8)', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    for (const common of ['password123', 'QwertyUiop', '1234567890']) {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/changeuserpassword',
        headers: bearer(token),
        payload: { old_password: ADMIN_PASSWORD, new_password: common },
      });
      expect(response.statusCode, common).toBe(422);
      expect(response.json(), common).toEqual({
        message: 'The new password is too common: it is among the passwords guessed first. Choose another.',
        errors: { new_password: ['The new password is too common: it is among the passwords guessed first. Choose another.'] },
      });
    }
  });

  it('when an admin adds an admin with a common password, then 422 saying why', async () => {
    const token = await t.loginAs(ADMIN_EMAIL, ADMIN_PASSWORD);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/add-admin',
      headers: bearer(token),
      payload: { name: 'Third Admin', email: 'third-admin@example.com', password: 'iloveyou123' },
    });
    expect(response.statusCode).toBe(422);
    expect(response.json().errors).toEqual({
      password: ['The password is too common: it is among the passwords guessed first. Choose another.'],
    });
  });

  it('the demo passwords and generated passwords satisfy the rule', () => {
    const field = changePasswordBodySchema.shape.new_password;
    for (const password of [ADMIN_PASSWORD, 'Agent@12345', ...Array.from({ length: 200 }, () => generatePassword())]) {
      expect(field.safeParse(password).success, password).toBe(true);
    }
  });

  it('when there is no token, then 401 "Unauthenticated."', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/changeuserpassword',
      payload: { old_password: 'a', new_password: 'Brand-new-9' },
    });
    expect(response.statusCode).toBe(401);
    expect(response.json()).toEqual({ message: 'Unauthenticated.' });
  });
});
