import { agentSchema, userListRowSchema, type Agent, type UserListRow } from '@portal/contract/agents';
import { buildSession } from '@/testing/fixtures';

/** Answers of the agents contract, parsed with its schemas to stay honest. */

/** An approved agent, joined 15 Jan 2031 at 21:30 UTC (16 Jan in Karachi). */
export function buildAgent(overrides: Partial<Agent> = {}): Agent {
  return agentSchema.parse({
    id: 12,
    role: 'user',
    name: 'Bilal Ahmed',
    agency_name: 'Bilal Travels',
    email: 'bilal@example.com',
    phone: '+923001112233',
    image: 'http://localhost/uploads/agents/bilal.png',
    logo: null,
    city: 'Lahore',
    country: 'Pakistan',
    office_address: '12 Mall Road',
    office_no: '042-111222',
    propriter_name: 'Bilal Ahmed',
    created_at: '2031-01-15T21:30:00.000Z',
    agent_id: 1042,
    active_status: 'approved',
    source: 'register',
    locked_until: null,
    credit_limit: null,
    balance: 0,
    available_credit: null,
    ...overrides,
  });
}

export const pendingAgent = () =>
  buildAgent({ id: 13, name: 'Crescent Travel', email: 'crescent@example.com', agent_id: 1043, active_status: 'pending', image: null });
export const rejectedAgent = () =>
  buildAgent({ id: 14, name: 'Zam Zam Tours', email: 'zamzam@example.com', agent_id: 1044, active_status: 'rejected' });

export const agentSession = () =>
  buildSession({ role: 'user', name: 'Bilal Ahmed', agent_id: 1042, user_id: 12, email: 'bilal@example.com' });

export function buildUserRow(overrides: Partial<UserListRow> = {}): UserListRow {
  return userListRowSchema.parse({
    id: 12,
    image_url: null,
    name: 'Bilal Ahmed',
    email: 'bilal@example.com',
    role: 'user',
    active_status: 'approved',
    created_at: '2031-01-15T21:30:00.000Z',
    agent_id: 1042,
    agent: { agency_name: 'Bilal Travels' },
    locked_until: null,
    ...overrides,
  });
}
