import type { Access, RouteDef } from '@portal/contract/common';
import type { FastifyInstance, FastifyReply, FastifyRequest, onRequestHookHandler, preHandlerHookHandler } from 'fastify';
import { createRateLimitHook, type RateLimitPolicy } from '../plugins/rate-limit.js';
import type { z } from 'zod';

declare module 'fastify' {
  interface FastifyContextConfig {
    /** Who may call the route (PRODUCT §4); read by the one auth hook in plugins/auth.ts. */
    access?: Access;
  }
}

type Output<T> = T extends z.ZodType ? z.output<T> : undefined;
type BodyOf<D> = D extends { body: infer S } ? Output<S> : undefined;
type QueryOf<D> = D extends { querystring: infer S } ? Output<S> : undefined;
type ParamsOf<D> = D extends { params: infer S } ? Output<S> : undefined;

/** The request a handler receives: body, query and params already validated and typed by the contract. */
export type RouteRequest<D extends RouteDef> = FastifyRequest<{
  Body: BodyOf<D>;
  Querystring: QueryOf<D>;
  Params: ParamsOf<D>;
}>;

/** Any answer the contract's response map allows; set the status with `reply.code()` when not 200. */
export type RouteResponse<D extends RouteDef> = {
  [K in keyof D['response']]: z.output<D['response'][K]>;
}[keyof D['response']];

export type RouteHandler<D extends RouteDef> = (request: RouteRequest<D>, reply: FastifyReply) => Promise<RouteResponse<D>>;

export type { RateLimitPolicy };

export interface RegisterRouteOptions {
  rateLimit?: RateLimitPolicy[];
}

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  public: [],
  optional: [{}, { bearerAuth: [] }],
  user: [{ bearerAuth: [] }],
  admin: [{ bearerAuth: [] }],
};

/**
 * Registers one contract route (PRODUCT §3: every path is described once, in packages/contract):
 * `/api` + path, the zod schemas for validation, serialisation and the OpenAPI document, and the
 * access level the auth hook enforces. Handlers stay thin: validate (done here), call a use case, answer.
 */
export function registerRoute<D extends RouteDef>(
  app: FastifyInstance,
  def: D,
  handler: RouteHandler<D>,
  options: RegisterRouteOptions = {},
): void {
  const onRequest: onRequestHookHandler[] = [];
  const preHandler: preHandlerHookHandler[] = [];
  for (const policy of options.rateLimit ?? []) {
    const hook = createRateLimitHook(app, policy);
    (policy.hook === 'onRequest' ? onRequest : preHandler).push(hook);
  }

  app.route({
    method: def.method,
    url: `/api${def.path}`,
    config: { access: def.access },
    schema: {
      summary: def.summary,
      tags: def.tags,
      security: SECURITY[def.access],
      ...(def.body ? { body: def.body } : {}),
      ...(def.querystring ? { querystring: def.querystring } : {}),
      ...(def.params ? { params: def.params } : {}),
      response: def.response,
    },
    // A write sent with no body at all is validated as an empty form, so the client gets
    // "The email field is required." rather than a message about the body's type.
    preValidation: def.body
      ? async (request: FastifyRequest) => {
          if (request.body === undefined || request.body === null) request.body = {};
        }
      : undefined,
    onRequest,
    preHandler,
    handler: handler as (request: FastifyRequest, reply: FastifyReply) => Promise<unknown>,
  });
}
