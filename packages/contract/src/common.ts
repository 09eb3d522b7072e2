import { z } from 'zod';

/**
 * One description of every API path (PRODUCT §3): the server registers routes from these,
 * the web client calls them, and the OpenAPI document at /api/docs is generated from them.
 */
export type Access = 'public' | 'optional' | 'user' | 'admin';

export interface RouteDef {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** Path under /api, in Fastify syntax (`/editgroup/:id`), spelt as the seeds spell it. */
  path: string;
  summary: string;
  tags: string[];
  /** public: no token; optional: token read when present; user: any signed-in user; admin: admins only. */
  access: Access;
  body?: z.ZodType;
  querystring?: z.ZodType;
  params?: z.ZodType;
  response: Record<number, z.ZodType>;
}

export function defineRoute<const T extends RouteDef>(def: T): T {
  return def;
}

export const messageSchema = z.object({ message: z.string() });
export type MessageResponse = z.infer<typeof messageSchema>;

/** 422 answer: Laravel's shape, which the seeds' clients read. */
export const validationErrorSchema = z.object({
  message: z.string(),
  errors: z.record(z.string(), z.array(z.string())),
});
export type ValidationError = z.infer<typeof validationErrorSchema>;

export const errorResponses = {
  401: messageSchema,
  403: messageSchema,
  404: messageSchema,
  409: messageSchema,
  413: messageSchema,
  422: validationErrorSchema,
  429: messageSchema,
} as const;

/** Laravel paginator envelope at the top level (PRODUCT §3). */
export function paginated<T extends z.ZodType>(item: T) {
  return z.object({
    data: z.array(item),
    current_page: z.number().int(),
    per_page: z.number().int(),
    total: z.number().int(),
    last_page: z.number().int(),
    prev_page_url: z.string().nullable(),
    next_page_url: z.string().nullable(),
  });
}
export type Paginated<T> = {
  data: T[];
  current_page: number;
  per_page: number;
  total: number;
  last_page: number;
  prev_page_url: string | null;
  next_page_url: string | null;
};

/** Ids and page numbers are PostgreSQL integers: anything larger is refused here, never sent to the database (a 500). */
export const MAX_INT = 2_147_483_647;

export const pageQuerySchema = z.object({
  // `?page=` (empty) is no page, not page 0.
  page: z.preprocess(
    (value) => (value === '' ? undefined : value),
    z.coerce
      .number({ error: 'The page must be a number.' })
      .int({ error: 'The page must be an integer.' })
      .min(1, { error: 'The page must be at least 1.' })
      .max(MAX_INT, { error: `The page must not be greater than ${MAX_INT}.` })
      .default(1),
  ),
});

/** A required text field with Laravel-style messages ("The email field is required."). */
export function requiredText(label: string, max = 255) {
  return z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, { error: `The ${label} field is required.` })
    .max(max, { error: `The ${label} may not be greater than ${max} characters.` });
}

export function requiredEmail(label = 'email') {
  return z
    .string({ error: `The ${label} field is required.` })
    .trim()
    .min(1, { error: `The ${label} field is required.` })
    .max(255, { error: `The ${label} may not be greater than 255 characters.` })
    .pipe(z.email({ error: `The ${label} must be a valid email address.` }))
    .transform((value) => value.toLowerCase());
}

export const idParamsSchema = z.object({
  id: z.coerce
    .number({ error: 'The id must be a number.' })
    .int({ error: 'The id must be a number.' })
    .positive({ error: 'The id must be a number.' })
    .max(MAX_INT, { error: 'The id must be a number.' }),
});

/** A 0/1 flag of the seeds' answers. Here rather than in booking-lifecycle.ts: the dashboard's answers use it (initial JS). */
export const flagSchema = z.union([z.literal(0), z.literal(1)]);

/** Money is whole rupees (PRODUCT §3). */
export const MONEY_MAX = 1_000_000_000;

export const roleSchema = z.enum(['admin', 'user']);
export type Role = z.infer<typeof roleSchema>;

/** Laravel's message for a missing field. */
export const required = (label: string) => `The ${label} field is required.`;

/** Forms send text, JSON clients numbers: a whole number from 0 (or 1 for ids) up to `max`. */
export function integerField(label: string, { min, max = MAX_INT, integerMessage }: { min: number; max?: number; integerMessage?: string }) {
  return z.union([z.string(), z.number()], { error: required(label) }).transform((value, ctx) => {
    const text = String(value).trim();
    if (text === '') {
      ctx.addIssue({ code: 'custom', message: required(label) });
      return z.NEVER;
    }
    if (!/^-?\d+$/.test(text)) {
      ctx.addIssue({ code: 'custom', message: integerMessage ?? `The ${label} must be an integer.` });
      return z.NEVER;
    }
    const number = Number(text);
    if (number < min) {
      ctx.addIssue({ code: 'custom', message: integerMessage ?? `The ${label} must be at least ${min}.` });
      return z.NEVER;
    }
    if (number > max) {
      ctx.addIssue({ code: 'custom', message: integerMessage ?? `The ${label} may not be greater than ${max}.` });
      return z.NEVER;
    }
    return number;
  });
}
