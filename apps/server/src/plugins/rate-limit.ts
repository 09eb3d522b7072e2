import rateLimit from '@fastify/rate-limit';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { createTooManyAttemptsError } from '../modules/auth/auth.errors.js';

const MINUTE = 60_000;

/**
 * A request limit for registerRoute's `rateLimit` option. `onRequest` counts every attempt before the
 * body is read; `preHandler` sees the validated body, so it can key on a field such as the e-mail address.
 */
export interface RateLimitPolicy {
  name: string;
  max: number;
  timeWindowMs: number;
  hook: 'onRequest' | 'preHandler';
  key: (request: FastifyRequest) => string;
}

function emailOf(request: FastifyRequest): string {
  const email = (request.body as { email?: unknown } | undefined)?.email;
  return typeof email === 'string' ? email.toLowerCase() : '';
}

/**
 * Limits on the endpoints that guess-and-check attacks target (PRODUCT §4: "login is rate-limited per
 * address and per IP"). Counters live in process memory; several processes each count their own,
 * which still bounds guessing.
 */
export const rateLimitPolicies = {
  /** Any login attempt from one IP, valid body or not: generous enough for an office behind one NAT (issue 16 point 4). */
  loginPerIp: { name: 'login-ip', max: 100, timeWindowMs: 15 * MINUTE, hook: 'onRequest', key: (request) => request.ip },
  /** Guesses at one account from one IP; keyed on the validated e-mail. */
  loginPerAddress: {
    name: 'login-address',
    max: 10,
    timeWindowMs: 15 * MINUTE,
    hook: 'preHandler',
    key: (request) => `${request.ip}:${emailOf(request)}`,
  },
  register: { name: 'register-ip', max: 5, timeWindowMs: 60 * MINUTE, hook: 'onRequest', key: (request) => request.ip },
  /** For forgot-password: each request sends an e-mail, so keep it low per address and per IP. */
  forgotPasswordPerIp: {
    name: 'forgot-ip',
    max: 10,
    timeWindowMs: 60 * MINUTE,
    hook: 'onRequest',
    key: (request) => request.ip,
  },
  /** Per address and IP together, so that nobody can use up someone else's resets from elsewhere (issue 16 point 4). */
  forgotPasswordPerAddress: {
    name: 'forgot-address',
    max: 3,
    timeWindowMs: 60 * MINUTE,
    hook: 'preHandler',
    key: (request) => `${request.ip}:${emailOf(request)}`,
  },
} satisfies Record<string, RateLimitPolicy>;

function describeWait(seconds: number): string {
  if (seconds < 60) return `${Math.max(1, seconds)} seconds`;
  const minutes = Math.ceil(seconds / 60);
  return minutes === 1 ? '1 minute' : `${minutes} minutes`;
}

/**
 * One hook per policy. The plugin's own route hook would run only the first limit of a request
 * (it marks the request as limited), so each policy counts through createRateLimit instead.
 */
export function createRateLimitHook(
  app: FastifyInstance,
  policy: RateLimitPolicy,
): (request: FastifyRequest, reply: FastifyReply) => Promise<void> {
  const check = app.createRateLimit({
    max: policy.max,
    timeWindow: policy.timeWindowMs,
    keyGenerator: (request) => `${policy.name}:${policy.key(request)}`,
  });
  return async (request, reply) => {
    const result = await check(request);
    if (result.isAllowed || !result.isExceeded) return;
    reply.header('retry-after', result.ttlInSeconds);
    throw createTooManyAttemptsError(describeWait(result.ttlInSeconds));
  };
}

export async function registerRateLimit(app: FastifyInstance): Promise<void> {
  // Only routes that name a policy are limited; the counters' store is the plugin's (in memory).
  await app.register(rateLimit, { global: false });
}
