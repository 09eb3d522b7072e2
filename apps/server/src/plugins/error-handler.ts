import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { isDiskFull } from '../lib/db-errors.js';
import { isHttpError } from '../lib/http-error.js';

export const FILE_TOO_LARGE_MESSAGE = 'The file may not be greater than 2 MB.';
export const NOT_FOUND_MESSAGE = 'Not found.';
export const SERVER_ERROR_MESSAGE = 'Server Error';
/** 507 when the database or the uploads found the disk full (issue 16.12): the user learns nothing was kept. */
export const DISK_FULL_MESSAGE = "The server's disk is full, so nothing was saved. Please try again later and tell the administrator.";

/** Paths the SPA never owns: unknown ones answer JSON 404, not index.html. */
export function isApiPath(url: string): boolean {
  const path = url.split('?')[0] ?? '';
  return path === '/api' || path.startsWith('/api/') || path.startsWith('/socket.io');
}

/** Laravel's 422 (PRODUCT §3): `errors` by dotted field path, `message` the first of them. */
function toValidationAnswer(error: FastifyError & { validation: Array<{ instancePath: string; message?: string }> }) {
  const errors: Record<string, string[]> = {};
  for (const issue of error.validation) {
    const field = issue.instancePath.replace(/^\//, '').replaceAll('/', '.') || (error.validationContext ?? 'body');
    const message = issue.message ?? 'The value is invalid.';
    const messages = (errors[field] ??= []);
    if (!messages.includes(message)) messages.push(message);
  }
  const first = Object.values(errors)[0]?.[0] ?? 'The given data was invalid.';
  return { message: first, errors };
}

/** Client mistakes Fastify and its plugins detect before a handler runs, in words a user can act on. */
const CLIENT_ERROR_MESSAGES: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'The request body is not valid JSON.',
  FST_ERR_CTP_EMPTY_JSON_BODY: 'The request body is empty; send a JSON object.',
  FST_ERR_CTP_INVALID_MEDIA_TYPE: 'This content type is not accepted; send JSON or multipart/form-data.',
  FST_ERR_CTP_BODY_TOO_LARGE: 'The request is too large.',
  FST_REQ_FILE_TOO_LARGE: FILE_TOO_LARGE_MESSAGE,
  FST_PARTS_LIMIT: 'The form has too many fields.',
  FST_FILES_LIMIT: 'The form has too many files.',
  FST_FIELDS_LIMIT: 'The form has too many fields.',
  FST_PROTO_VIOLATION: 'The form is malformed.',
  FST_INVALID_MULTIPART_CONTENT_TYPE: 'The request is not multipart/form-data.',
};

const MULTIPART_PARSER_ERROR = /multipart|boundary/i;

/**
 * The one error handler (STYLE: fastify/demo): known errors answer their status and message; anything
 * unexpected is logged and answers 500 "Server Error" without its internal text (PRODUCT §3: bad input
 * never produces a 500).
 */
export function registerErrorHandler(
  app: FastifyInstance,
  options: {
    /** The SPA's HTML file for a client-side route (plugins/spa.ts), when the app serves the SPA. */
    spaPage?: (url: string) => string;
  },
): void {
  app.setErrorHandler((error: FastifyError, request: FastifyRequest, reply: FastifyReply) => {
    if (hasZodFastifySchemaValidationErrors(error)) {
      return reply.code(422).send(toValidationAnswer(error));
    }
    if (isHttpError(error)) {
      if (error.statusCode >= 500) request.log.error({ err: error }, error.message);
      const body = error.statusCode === 422 ? { message: error.message, errors: error.errors ?? {} } : { message: error.message };
      if (error.headers) reply.headers(error.headers);
      return reply.code(error.statusCode).send(body);
    }
    const statusCode = error.statusCode ?? 500;
    const known = CLIENT_ERROR_MESSAGES[error.code];
    if (known) {
      return reply.code(statusCode === 500 ? 400 : statusCode).send({ message: known });
    }
    // The multipart parser (busboy) rejects a cut-off or garbled form with a plain Error and no status (issue 16.9).
    if (statusCode === 500 && MULTIPART_PARSER_ERROR.test(error.message ?? '') && request.headers['content-type']?.toLowerCase().includes('multipart/')) {
      return reply.code(400).send({ message: CLIENT_ERROR_MESSAGES.FST_PROTO_VIOLATION });
    }
    if (error instanceof SyntaxError && statusCode === 400) {
      return reply.code(400).send({ message: CLIENT_ERROR_MESSAGES.FST_ERR_CTP_INVALID_JSON_BODY });
    }
    if (statusCode >= 400 && statusCode < 500) {
      // Other 4xx come from Fastify's own request checks; their text describes the request, not our internals.
      request.log.info({ err: error }, 'client error');
      return reply.code(statusCode).send({ message: error.message });
    }
    if (isDiskFull(error)) {
      request.log.error({ err: error }, 'disk full');
      return reply.code(507).send({ message: DISK_FULL_MESSAGE });
    }
    request.log.error({ err: error }, 'unhandled error');
    return reply.code(500).send({ message: SERVER_ERROR_MESSAGE });
  });

  app.setNotFoundHandler((request, reply) => {
    // Client-side routes of the SPA (/dashboard/...) are answered with its index.html; the SPA
    // shows 'Sorry! Page Not Found' itself for paths it does not know (000 §2).
    if (options.spaPage && (request.method === 'GET' || request.method === 'HEAD') && !isApiPath(request.url)) {
      return reply.header('cache-control', 'no-cache').type('text/html; charset=utf-8').sendFile(options.spaPage(request.url));
    }
    return reply.code(404).send({ message: NOT_FOUND_MESSAGE });
  });
}
