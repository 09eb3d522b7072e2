import type { RouteDef } from '@portal/contract/common';
import type { z } from 'zod';
import { GENERIC_ERROR_MESSAGE, UNAUTHENTICATED_MESSAGE } from '@/config/constants';
import { clearSession, getToken } from './session';

export const API_BASE = '/api';

/** Every failed call: the HTTP status (0 when the network failed), the message to show, 422 field errors. */
export class ApiError extends Error {
  readonly status: number;
  readonly errors: Record<string, string[]>;

  constructor({ status, message, errors = {} }: { status: number; message: string; errors?: Record<string, string[]> }) {
    super(message);
    this.name = 'ApiError';
    this.status = status;
    this.errors = errors;
  }
}

type SuccessStatus = 200 | 201 | 202 | 204;
type Schema<T> = T extends z.ZodType ? T : never;

/** The parsed 2xx answer of a route. */
export type RouteResponse<R extends RouteDef> = {
  [K in keyof R['response']]: K extends SuccessStatus ? z.output<Schema<R['response'][K]>> : never;
}[keyof R['response']];

type InputOf<T> = T extends z.ZodType ? z.input<T> : never;

export type RequestOptions<R extends RouteDef> = {
  signal?: AbortSignal;
  /** Extra headers (e.g. Idempotency-Key, Dash-Btn-Id). */
  headers?: Record<string, string>;
} & (R['body'] extends z.ZodType ? { body: InputOf<R['body']> | FormData } : { body?: never }) &
  (R['querystring'] extends z.ZodType ? { query?: InputOf<R['querystring']> } : { query?: never }) &
  (R['params'] extends z.ZodType ? { params: InputOf<R['params']> } : { params?: never });

function buildUrl(route: RouteDef, params?: Record<string, unknown>, query?: Record<string, unknown>): string {
  const path = route.path.replace(/:([A-Za-z_]+)/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter "${name}" for ${route.path}`);
    return encodeURIComponent(String(value));
  });
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query ?? {})) {
    if (value !== undefined && value !== null && value !== '') search.set(key, String(value));
  }
  const qs = search.toString();
  return `${API_BASE}${path}${qs ? `?${qs}` : ''}`;
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function messageOf(payload: unknown): string | undefined {
  if (payload && typeof payload === 'object' && 'message' in payload) {
    const { message } = payload as { message: unknown };
    if (typeof message === 'string' && message.trim()) return message;
  }
  return undefined;
}

function errorsOf(payload: unknown): Record<string, string[]> {
  if (payload && typeof payload === 'object' && 'errors' in payload) {
    const { errors } = payload as { errors: unknown };
    if (errors && typeof errors === 'object') return errors as Record<string, string[]>;
  }
  return {};
}

/** Sends one call of a route; a network failure is an ApiError with status 0. */
async function send<R extends RouteDef>(
  route: R,
  options: RequestOptions<R> | undefined,
  accept: string,
): Promise<{ response: Response; token: string | null }> {
  const opts = (options ?? {}) as {
    body?: unknown;
    query?: Record<string, unknown>;
    params?: Record<string, unknown>;
    signal?: AbortSignal;
    headers?: Record<string, string>;
  };
  const headers: Record<string, string> = { Accept: accept, ...opts.headers };
  const token = getToken();
  if (token && route.access !== 'public') headers.Authorization = `Bearer ${token}`;

  let body: BodyInit | undefined;
  if (opts.body instanceof FormData) {
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['Content-Type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }

  let response: Response;
  try {
    response = await fetch(buildUrl(route, opts.params, opts.query), {
      method: route.method,
      headers,
      body,
      signal: opts.signal,
    });
  } catch (error) {
    if (error instanceof DOMException && error.name === 'AbortError') throw error;
    throw new ApiError({ status: 0, message: GENERIC_ERROR_MESSAGE });
  }
  return { response, token };
}

/** The ApiError of a failed answer; a 401 'Unauthenticated.' on a signed-in call clears the session. */
async function failure(route: RouteDef, response: Response, token: string | null): Promise<ApiError> {
  const payload = await readJson(response);
  const message = messageOf(payload) ?? GENERIC_ERROR_MESSAGE;
  if (response.status === 401 && message === UNAUTHENTICATED_MESSAGE && route.access !== 'public' && token) {
    clearSession();
  }
  return new ApiError({ status: response.status, message, errors: errorsOf(payload) });
}

/**
 * Calls one contract route. Adds the bearer token when a session is stored, sends JSON
 * (or the FormData given), parses a 2xx answer with the route's response schema and throws
 * ApiError otherwise. A 401 'Unauthenticated.' on a signed-in call clears the session; the
 * dashboard guard then sends the user to /signin (000 §4).
 */
export async function apiRequest<R extends RouteDef>(route: R, options?: RequestOptions<R>): Promise<RouteResponse<R>> {
  const { response, token } = await send(route, options, 'application/json');
  if (!response.ok) throw await failure(route, response, token);
  const payload = await readJson(response);
  const schema = route.response[response.status] ?? route.response[200] ?? route.response[201];
  if (!schema) return payload as RouteResponse<R>;
  const parsed = schema.safeParse(payload);
  if (!parsed.success) throw new ApiError({ status: response.status, message: GENERIC_ERROR_MESSAGE });
  return parsed.data as RouteResponse<R>;
}

/** The file name a Content-Disposition answer names, or `fallback`. */
function fileNameOf(response: Response, fallback: string): string {
  const header = response.headers.get('content-disposition') ?? '';
  return /filename="([^"]+)"/.exec(header)?.[1] ?? fallback;
}

/**
 * Calls a route that answers a file with the bearer token (report spreadsheets, decision 022): the bytes and the
 * name the server gives them. Failures are ApiErrors as with apiRequest.
 */
export async function apiDownload<R extends RouteDef>(
  route: R,
  options: RequestOptions<R> & { fallbackName: string },
): Promise<{ blob: Blob; fileName: string }> {
  const { response, token } = await send(route, options, '*/*');
  if (!response.ok) throw await failure(route, response, token);
  return { blob: await response.blob(), fileName: fileNameOf(response, options.fallbackName) };
}

/** The text to show for any error thrown by a call. */
export function errorMessage(error: unknown): string {
  if (error instanceof ApiError) return error.message;
  return GENERIC_ERROR_MESSAGE;
}
