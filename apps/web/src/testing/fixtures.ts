import { sessionSchema, type Session } from '@portal/contract/auth';
import { SESSION_STORAGE_KEY } from '@/config/constants';

/** A session as POST /api/login answers it (contract auth.ts), parsed to stay honest. */
export function buildSession(overrides: Partial<Session> = {}): Session {
  return sessionSchema.parse({
    token: 'test-token-123',
    role: 'admin',
    name: 'Ayesha Khan',
    image: null,
    agent_id: null,
    user_id: 1,
    email: 'admin@example.com',
    change_password: false,
    w_verified: false,
    ...overrides,
  });
}

export function storeSession(session: Session = buildSession()): Session {
  window.localStorage.setItem(SESSION_STORAGE_KEY, JSON.stringify(session));
  return session;
}
