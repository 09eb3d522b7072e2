import { sessionSchema } from '@portal/contract/auth';
import { afterEach, describe, expect, it } from 'vitest';
import { SESSION_STORAGE_KEY } from '@/config/constants';
import { getSession, getToken, parseSession } from './session';

const valid = {
  token: 'token-1',
  role: 'user',
  name: 'Sky Travels',
  image: null,
  agent_id: 1041,
  user_id: 7,
  email: 'agent@example.com',
  change_password: false,
  w_verified: true,
};

/** The values the start-up check must judge exactly as contract sessionSchema does. */
const cases: unknown[] = [
  valid,
  { ...valid, role: 'admin', agent_id: null, image: '/api/files/me.png' },
  { ...valid, extra: 'dropped' },
  { ...valid, role: 'superuser' },
  { ...valid, token: 42 },
  { ...valid, image: undefined },
  { ...valid, agent_id: 1.5 },
  { ...valid, agent_id: '1041' },
  { ...valid, user_id: null },
  { ...valid, user_id: 2 ** 60 },
  { ...valid, email: null },
  { ...valid, change_password: 'false' },
  { ...valid, w_verified: 1 },
  (({ w_verified: _omitted, ...rest }) => rest)(valid),
  null,
  [],
  'token-1',
  42,
];

describe('stored session check (000 §3)', () => {
  afterEach(() => window.localStorage.clear());

  it.each(cases.map((value) => [JSON.stringify(value), value]))('judges %s as sessionSchema does', (_label, value) => {
    const parsed = sessionSchema.safeParse(value);
    expect(parseSession(value)).toEqual(parsed.success ? parsed.data : null);
  });

  it('when local storage holds a valid session, then it is the session; unreadable JSON gives none', () => {
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...valid, extra: 1 }));
    expect(getSession()).toEqual(valid);
    expect(getToken()).toBe('token-1');
    window.localStorage.setItem(SESSION_STORAGE_KEY, '{not json');
    expect(getSession()).toBeNull();
    window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify({ ...valid, role: 'guest' }));
    expect(getSession()).toBeNull();
  });
});
