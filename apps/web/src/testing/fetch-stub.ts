import type { RouteDef } from '@portal/contract/common';
import { vi } from 'vitest';
import { fallbackPublicSettings } from '@/config/contact';

/** `delayMs`: the answer arrives that much later, as over a slow network. */
export type StubReply = { status: number; body: unknown; delayMs?: number; contentType?: string } | { networkError: true };
type Handler = (request: { url: string; method: string; headers: Headers; body: unknown }) => StubReply;

/**
 * A canned answer for a contract route. The body is parsed with the route's own response schema
 * for that status, so a stub can never drift from the contract.
 */
export function reply<R extends RouteDef>(route: R, status: number, body: unknown): StubReply {
  const schema = route.response[status];
  if (!schema) throw new Error(`${route.method} ${route.path} has no ${status} answer in the contract`);
  return { status, body: schema.parse(body) };
}

/**
 * Calls the layouts make on every page: the dashboard header's unread count (features/notifications), an agent's
 * profile for its credit (features/agents), and the
 * public footer's settings (features/public-site). Unless a test stubs them itself, they are answered here
 * and kept out of the mock's calls, so a page's tests see only the page's own calls.
 */
const LAYOUT_CALLS: Record<string, unknown> = {
  'GET /api/unread-notifications-count': { count: 0 },
  'GET /api/public-settings': { data: fallbackPublicSettings },
  // An agent's header shows its balance and credit (PRODUCT §6): an agent without a limit that owes nothing.
  'GET /api/my-profile': {
    data: {
      id: 12,
      role: 'user',
      name: 'Bilal Ahmed',
      agency_name: 'Bilal Travels',
      email: 'bilal@example.com',
      phone: null,
      image: null,
      logo: null,
      city: null,
      country: 'Pakistan',
      office_address: null,
      office_no: null,
      propriter_name: null,
      created_at: '2031-01-15T21:30:00.000Z',
      agent_id: 1042,
      active_status: 'approved',
      source: 'register',
      locked_until: null,
      credit_limit: null,
      balance: 0,
      available_credit: null,
      share_markup: 0,
    },
  },
};

export const networkError = (): StubReply => ({ networkError: true });

/** A plain-text answer (pnr-namelist), sent as it is rather than as JSON. */
export const textReply = (text: string): StubReply => ({ status: 200, body: text, contentType: 'text/plain; charset=utf-8' });

/** The same answer, arriving `delayMs` later (a slow line). */
export const slowReply = (answer: StubReply, delayMs: number): StubReply =>
  'networkError' in answer ? answer : { ...answer, delayMs };

/**
 * Replaces global fetch. `routes` maps 'METHOD /api/path' to a handler; an unexpected call fails the test.
 * Returns the mock so tests can look at calls.
 */
export function stubFetch(routes: Record<string, Handler | StubReply>) {
  const mock = vi.fn(async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const method = (init?.method ?? 'GET').toUpperCase();
    const pathname = new URL(url, 'http://localhost').pathname;
    const key = `${method} ${pathname}`;
    const entry = routes[key];
    if (!entry) throw new Error(`Unexpected fetch: ${key}`);
    const headers = new Headers(init?.headers);
    const body = typeof init?.body === 'string' ? JSON.parse(init.body) : init?.body;
    const answer = typeof entry === 'function' ? entry({ url, method, headers, body }) : entry;
    if ('networkError' in answer) throw new TypeError('Failed to fetch');
    if (answer.delayMs) await new Promise((resolve) => setTimeout(resolve, answer.delayMs));
    const isText = answer.contentType?.startsWith('text/') ?? false;
    return new Response(isText ? String(answer.body) : JSON.stringify(answer.body), {
      status: answer.status,
      headers: { 'Content-Type': answer.contentType ?? 'application/json' },
    });
  });
  const fetchStub = async (input: RequestInfo | URL, init?: RequestInit) => {
    const url = typeof input === 'string' ? input : input instanceof URL ? input.toString() : input.url;
    const key = `${(init?.method ?? 'GET').toUpperCase()} ${new URL(url, 'http://localhost').pathname}`;
    if (key in LAYOUT_CALLS && !(key in routes)) {
      return new Response(JSON.stringify(LAYOUT_CALLS[key]), { status: 200, headers: { 'Content-Type': 'application/json' } });
    }
    return mock(input, init);
  };
  vi.stubGlobal('fetch', fetchStub);
  return mock;
}
